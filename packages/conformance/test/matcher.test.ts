import { describe, expect, it } from "vitest";
import { applyMasks, formatMismatch, match } from "../src/match/matcher.js";
import { checkPattern } from "../src/match/pattern-check.js";
import { UnknownVariableError, lookupPath, substitute } from "../src/match/substitute.js";
import type { Json } from "../src/model/json.js";

function why(pattern: Json, value: Json | undefined, mode: "partial" | "exact" = "partial"): string {
  const result = match(pattern, value, { mode });
  return result.ok ? "ok" : formatMismatch(result.mismatch ?? { path: [], expected: "?", actual: undefined });
}

describe("plain patterns", () => {
  it("match scalars by deep equality and numbers by value", () => {
    expect(why("a", "a")).toBe("ok");
    expect(why(1, 1.0)).toBe("ok");
    expect(why(null, null)).toBe("ok");
    expect(why(1, "1")).toBe('$: expected 1, got "1"');
  });

  it("match objects partially by default and exactly on request", () => {
    expect(why({ id: 1 }, { id: 1, extra: true })).toBe("ok");
    expect(why({ id: 1 }, { id: 1, extra: true }, "exact")).toBe(
      "$.extra: expected no such key (exact match), got true",
    );
    expect(why({ result: { a: 1 } }, { result: {} })).toBe("$.result.a: expected 1, got nothing");
  });

  it("match arrays element by element with equal length", () => {
    expect(why([1, 2], [1, 2])).toBe("ok");
    expect(why([1, 2], [1, 2, 3])).toBe("$: expected an array of 2 element(s), got [1,2,3]");
    expect(why([{ a: 1 }], [{ a: 2 }])).toBe("$[0].a: expected 1, got 2");
  });

  it("reports the first mismatch in pattern key order", () => {
    expect(why({ a: 1, b: 2 }, { a: 0, b: 0 })).toBe("$.a: expected 1, got 0");
  });
});

describe("matchers", () => {
  it("$type, including integer and type lists", () => {
    expect(why({ $type: "integer" }, 3)).toBe("ok");
    expect(why({ $type: "integer" }, 3.5)).toBe("$: expected a value of type integer, got 3.5");
    expect(why({ $type: ["string", "null"] }, null)).toBe("ok");
    expect(why({ $type: "array" }, {})).toBe("$: expected a value of type array, got {}");
  });

  it("$regex with the i flag", () => {
    expect(why({ $regex: "^2025-" }, "2025-06-18")).toBe("ok");
    expect(why({ $regex: "^abc$", $flags: "i" }, "ABC")).toBe("ok");
    expect(why({ $regex: "^abc$" }, "ABC")).toBe('$: expected a string matching /^abc$/, got "ABC"');
    expect(why({ $regex: "x" }, 5)).toBe("$: expected a string matching /x/, got 5");
  });

  it("$any needs the key, $absent forbids it, $optional allows it", () => {
    expect(why({ id: { $any: true } }, { id: null })).toBe("ok");
    expect(why({ id: { $any: true } }, {})).toBe("$.id: expected a value, got nothing");
    expect(why({ error: { $absent: true } }, { result: {} })).toBe("ok");
    expect(why({ error: { $absent: true } }, { error: {} })).toBe("$.error: expected no such key, got {}");
    expect(why({ next: { $optional: { $type: "string" } } }, {})).toBe("ok");
    expect(why({ next: { $optional: { $type: "string" } } }, { next: null })).toBe(
      "$.next: expected a value of type string, got null",
    );
  });

  it("$in is set membership, $anyOf is one of several patterns", () => {
    expect(why({ $in: [-32602, -32601] }, -32601)).toBe("ok");
    expect(why({ $in: [1, 2] }, 3)).toBe("$: expected one of 1, 2, got 3");
    const either: Json = { $anyOf: [{ error: { code: -32601 } }, { result: { isError: true } }] };
    expect(why(either, { result: { isError: true } })).toBe("ok");
    expect(why(either, { result: { isError: false } })).toBe(
      "$.result.isError: expected true (closest of 2 alternatives), got false",
    );
  });

  it("$allOf, $not and numeric ranges", () => {
    expect(why({ $allOf: [{ $type: "number" }, { $gte: 0, $lte: 100 }] }, 50)).toBe("ok");
    expect(why({ $gte: 0, $lte: 100 }, 101)).toBe("$: expected a number <= 100, got 101");
    expect(why({ $gt: 0 }, 0)).toBe("$: expected a number > 0, got 0");
    expect(why({ $not: { $type: "string" } }, 1)).toBe("ok");
    expect(why({ $not: "x" }, "x")).toBe('$: expected not "x", got "x"');
  });

  it("$length of arrays and strings (code points)", () => {
    expect(why({ $length: 2 }, [1, 2])).toBe("ok");
    expect(why({ $length: { $gte: 1 } }, [])).toBe('$: expected a length of {"$gte":1}, got []');
    expect(why({ $length: 2 }, "é😀")).toBe("ok");
  });

  it("$contains assigns distinct elements in any order", () => {
    expect(
      why({ $contains: [{ type: "text" }, { type: "image" }] }, [{ type: "image" }, { type: "text" }]),
    ).toBe("ok");
    expect(why({ $contains: [{ type: "text" }, { type: "text" }] }, [{ type: "text" }])).toBe(
      '$: expected an array with an element matching {"type":"text"}, got [{"type":"text"}]',
    );
    // Needs backtracking: the first pattern could take either element, the second only the first.
    expect(why({ $contains: [{ $type: "number" }, 1] }, [1, 2])).toBe("ok");
  });

  it("$each checks every element", () => {
    expect(why({ $each: { name: { $type: "string" } } }, [{ name: "a" }, { name: "b" }])).toBe("ok");
    expect(why({ $each: { name: { $type: "string" } } }, [{ name: "a" }, { title: "b" }])).toBe(
      "$[1].name: expected a value of type string, got nothing",
    );
    expect(why({ $each: 1 }, [])).toBe("ok");
  });

  it("$json parses text", () => {
    expect(why({ $json: { id: "123" } }, '{"id":"123","x":1}')).toBe("ok");
    expect(why({ $json: { id: "123" } }, '{"id":"9"}')).toBe(
      '$: expected JSON text where $.id is "123", got "{\\"id\\":\\"9\\"}"',
    );
    expect(why({ $json: {} }, "not json")).toBe('$: expected a string holding JSON, got "not json"');
  });

  it("$exact and $partial switch the mode for a subtree", () => {
    expect(why({ result: { $exact: {} } }, { result: { x: 1 }, extra: 1 })).toBe(
      "$.result.x: expected no such key (exact match), got 1",
    );
    expect(why({ a: { $partial: { b: 1 } } }, { a: { b: 1, c: 2 } }, "exact")).toBe("ok");
  });

  it("$literal matches objects that look like matchers", () => {
    expect(why({ $literal: { $type: "string" } }, { $type: "string" })).toBe("ok");
    expect(why({ $literal: { a: 1 } }, { a: 1, b: 2 })).toBe('$: expected {"a":1}, got {"a":1,"b":2}');
  });

  it("$capture binds values, with $match as a condition", () => {
    const result = match(
      { id: { $capture: "reqId" }, result: { $capture: "r", $match: { ok: true } } },
      {
        id: 5,
        result: { ok: true },
      },
    );
    expect(result.ok).toBe(true);
    expect([...result.captures]).toEqual([
      ["reqId", 5],
      ["r", { ok: true }],
    ]);
    expect(match({ $capture: "x", $match: { $type: "string" } }, 1).ok).toBe(false);
  });

  it("$equals compares with a variable", () => {
    const lookup = (name: string) => (name === "sid" ? "abc" : undefined);
    expect(match({ $equals: "sid" }, "abc", { lookup }).ok).toBe(true);
    expect(formatMismatch(match({ $equals: "sid" }, "x", { lookup }).mismatch as never)).toBe(
      '$: expected "abc", got "x"',
    );
    expect(formatMismatch(match({ $equals: "nope" }, "x", { lookup }).mismatch as never)).toBe(
      '$: expected variable nope (unbound), got "x"',
    );
  });

  it("masks wildcard values for reports", () => {
    const result = match(
      {
        id: { $capture: "id" },
        result: { serverInfo: { version: { $any: true }, name: { $type: "string" } }, protocolVersion: "x" },
      },
      { id: 9, result: { serverInfo: { version: "0.123", name: "s" }, protocolVersion: "y" } },
    );
    expect(result.ok).toBe(false);
    expect(
      applyMasks(
        { id: 9, result: { serverInfo: { version: "0.123", name: "s" }, protocolVersion: "y" } },
        result.masks,
      ),
    ).toEqual({
      id: "<captured:id>",
      result: { serverInfo: { version: "<any>", name: "s" }, protocolVersion: "y" },
    });
  });
});

describe("checkPattern", () => {
  it("rejects mixed objects, unknown matchers and bad arguments with a path", () => {
    expect(() => checkPattern({ a: { $type: "string", b: 1 } })).toThrow(
      "$.a: an object mixes matcher keys ($type) with plain keys",
    );
    expect(() => checkPattern({ a: { $typo: 1 } })).toThrow('$.a: unknown matcher "$typo"');
    expect(() => checkPattern({ $type: "float" })).toThrow("$.$type: $type needs one of string, number");
    expect(() => checkPattern({ $regex: "(" })).toThrow("$.$regex: invalid regular expression");
    expect(() => checkPattern({ $anyOf: [] })).toThrow("$anyOf needs a non-empty array of patterns");
    expect(() => checkPattern({ $match: 1 })).toThrow("$match needs $capture beside it");
    expect(() => checkPattern({ x: [{ $capture: "a.b" }] })).toThrow(
      "$.x[0].$capture: $capture needs a plain variable name",
    );
  });
});

describe("substitute", () => {
  const vars = new Map<string, Json>([
    ["revision", "2025-06-18"],
    ["id", 7],
    ["caps", { tools: { listChanged: true } }],
  ]);
  const lookup = (name: string) => lookupPath(vars, name);

  it("keeps the type of whole-string substitutions and interpolates inside strings", () => {
    expect(substitute({ id: "{{id}}", v: "v={{revision}} id={{id}}" }, lookup)).toEqual({
      id: 7,
      v: "v=2025-06-18 id=7",
    });
    expect(substitute("{{caps.tools.listChanged}}", lookup)).toBe(true);
    expect(substitute("{{caps}} and {{caps}}", lookup)).toBe(
      '{"tools":{"listChanged":true}} and {"tools":{"listChanged":true}}',
    );
  });

  it("wraps inserted objects in $literal inside patterns, never substitutes keys or $literal", () => {
    expect(substitute({ capabilities: "{{caps}}" }, lookup, true)).toEqual({
      capabilities: { $literal: { tools: { listChanged: true } } },
    });
    expect(substitute({ "{{id}}": { $literal: "{{id}}" } }, lookup, true)).toEqual({
      "{{id}}": { $literal: "{{id}}" },
    });
  });

  it("fails on unknown variables and leaves non-variable braces alone", () => {
    expect(() => substitute("{{missing}}", lookup)).toThrow(UnknownVariableError);
    expect(() => substitute("a {{missing.x}} b", lookup)).toThrow('unknown variable "missing.x"');
    expect(substitute("{{ not a var }}", lookup)).toBe("{{ not a var }}");
  });
});
