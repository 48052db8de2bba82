import { describe, expect, it } from "vitest";
import { compileJsonSchema, type JsonSchemaRegexFactory } from "../src/index.js";
import { valid, validate } from "./helpers.js";

describe("uniqueItems on large arrays of objects", () => {
  const schema = { uniqueItems: true };
  const objects = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i, tags: [i % 7, "x"] }));

  it("accepts 10k distinct objects", () => {
    expect(validate(schema, objects(10_000))).toBeUndefined();
  });

  it("finds a late duplicate among 10k objects, whatever its key order and number spelling", () => {
    const items: unknown[] = objects(10_000);
    items.push({ tags: [1234 % 7, "x"], id: 1234.0 });
    expect(validate(schema, items)).toEqual({
      pointer: "",
      keyword: "uniqueItems",
      schemaPath: "#/uniqueItems",
      message: "must NOT have duplicate items (items 1234 and 10000 are identical)",
    });
  });

  it("reads each item a bounded number of times, not once per earlier item (no quadratic comparing)", () => {
    let reads = 0;
    const items = Array.from({ length: 2000 }, (_, i) => {
      const item = { kind: "row" };
      Object.defineProperty(item, "id", {
        enumerable: true,
        get: () => {
          reads++;
          return i;
        },
      });
      return item;
    });
    expect(validate(schema, items)).toBeUndefined();
    expect(reads).toBeLessThanOrEqual(2 * items.length);
  });

  it("keeps JSON equality: nested key order is irrelevant, array order is not", () => {
    expect(valid(schema, [{ a: { b: 1, c: [1, 2] } }, { a: { c: [1, 2], b: 1 } }])).toBe(false);
    expect(valid(schema, [{ a: [1, 2] }, { a: [2, 1] }])).toBe(true);
    expect(valid(schema, [[0], [-0]])).toBe(false);
    expect(valid(schema, [{}, []])).toBe(true);
  });
});

describe("patterns compile when the schema compiles", () => {
  it("a bad pattern anywhere, even where no keyword would apply it, fails the compile naming where", () => {
    expect(() => compileJsonSchema({ then: { properties: { a: { pattern: "(" } } } })).toThrow(
      /^invalid JSON Schema at #\/then\/properties\/a\/pattern: pattern "\(" is not a valid regular expression: /,
    );
    expect(() => compileJsonSchema({ $defs: { unused: { patternProperties: { "a[": true } } } })).toThrow(
      /^invalid JSON Schema at #\/\$defs\/unused\/patternProperties: patternProperties "a\[" is not/,
    );
  });
});

describe("maxSteps: a work budget per validation", () => {
  // Each level references the next twice: 2^40 paths, each only a $ref away.
  const exponential = {
    $defs: Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [
        `l${i}`,
        i === 39
          ? { type: "string" }
          : { anyOf: [{ $ref: `#/$defs/l${i + 1}` }, { $ref: `#/$defs/l${i + 1}` }] },
      ]),
    ),
    $ref: "#/$defs/l0",
  };

  it("stops a validation that would run for ever, with its own error", () => {
    expect(validate(exponential, 1, { maxSteps: 10_000 })).toEqual({
      pointer: "",
      keyword: "maxSteps",
      schemaPath: "#",
      message: "takes more than 10000 steps to validate (the maxSteps limit)",
    });
  });

  it("stops it by default too", () => {
    expect(validate(exponential, 1)).toMatchObject({ keyword: "maxSteps" });
  });

  it("cannot be swallowed by not or anyOf", () => {
    const negated = { $defs: exponential.$defs, not: { $ref: "#/$defs/l0" } };
    expect(validate(negated, 1, { maxSteps: 1000 })).toMatchObject({ keyword: "maxSteps" });
  });

  it("leaves values within the budget alone, and the next call starts afresh", () => {
    const validator = compileJsonSchema({ items: { type: "integer" } }, { maxSteps: 100 });
    expect(validator(Array.from({ length: 101 }, (_, i) => i))).toMatchObject({ keyword: "maxSteps" });
    expect(validator(Array.from({ length: 100 }, (_, i) => i))).toBeUndefined();
    expect(validator([1, "2"])).toMatchObject({ keyword: "type", pointer: "/1" });
  });

  it("must be a positive integer", () => {
    expect(() => compileJsonSchema(true, { maxSteps: 0 })).toThrow(
      new TypeError("maxSteps must be a positive integer (got 0)"),
    );
  });
});

describe("regex: a pluggable pattern engine", () => {
  it("is called once per pattern at compile time, with the source and the u flag, and used to test", () => {
    const calls: [string, string][] = [];
    const regex: JsonSchemaRegexFactory = (source, flags) => {
      calls.push([source, flags]);
      return { test: (text) => text === `matches ${source}` };
    };
    const validator = compileJsonSchema(
      { pattern: "^(a+)+$", patternProperties: { "^x-": { type: "string" } } },
      { regex },
    );
    expect(calls).toEqual([
      ["^(a+)+$", "u"],
      ["^x-", "u"],
    ]);
    expect(validator("matches ^(a+)+$")).toBeUndefined();
    expect(validator("aaaa")).toEqual({
      pointer: "",
      keyword: "pattern",
      schemaPath: "#/pattern",
      message: 'must match pattern "^(a+)+$"',
    });
    expect(validator({ "matches ^x-": 1 })).toMatchObject({ pointer: "/matches ^x-", keyword: "type" });
    expect(calls).toHaveLength(2);
  });

  it("an engine that rejects a pattern fails the compile, naming where", () => {
    const regex: JsonSchemaRegexFactory = () => {
      throw new Error("backreferences are not supported");
    };
    expect(() => compileJsonSchema({ properties: { a: { pattern: "(a)\\1" } } }, { regex })).toThrow(
      new TypeError(
        'invalid JSON Schema at #/properties/a/pattern: pattern "(a)\\\\1" is not a valid regular expression: backreferences are not supported',
      ),
    );
  });
});
