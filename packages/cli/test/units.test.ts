import { describe, expect, it } from "vitest";
import { parseTarget } from "../src/args.js";
import { buildArguments, coerce } from "../src/schema-args.js";
import { splitCommandLine } from "../src/split.js";

describe("splitCommandLine", () => {
  it("splits like a shell: quotes, escapes, no expansion", () => {
    expect(splitCommandLine(`node  server.js --name 'a b' "c \\"d\\"" e\\ f $HOME`)).toEqual([
      "node",
      "server.js",
      "--name",
      "a b",
      'c "d"',
      "e f",
      "$HOME",
    ]);
    expect(splitCommandLine(`x '' ""`)).toEqual(["x", "", ""]);
  });

  it("refuses an unterminated quote", () => {
    expect(() => splitCommandLine("node 'server.js")).toThrow(
      "unterminated ' in the server command: node 'server.js",
    );
  });
});

describe("parseTarget", () => {
  it("tells URLs from commands", () => {
    expect(parseTarget("https://example.com/mcp")).toEqual({
      kind: "url",
      url: new URL("https://example.com/mcp"),
    });
    expect(parseTarget("WSS://example.com/mcp").kind).toBe("url");
    expect(parseTarget("python -m server")).toEqual({
      kind: "stdio",
      command: "python",
      args: ["-m", "server"],
    });
  });
});

describe("key=value arguments against an input schema", () => {
  const schema = {
    type: "object",
    properties: {
      n: { type: "integer" },
      x: { type: "number" },
      on: { type: "boolean" },
      tags: { type: "array", items: { type: "string" } },
      filter: { type: "object" },
      mode: { type: "string", enum: ["fast", "slow"] },
      maybe: { type: ["string", "null"] },
      text: { type: "string" },
    },
    required: ["n"],
  };

  it("reads each value as its property's type", () => {
    const pairs: [string, string][] = [
      ["n", "3"],
      ["x", "1.5"],
      ["on", "false"],
      ["tags", "a,b"],
      ["filter", '{"k":1}'],
      ["mode", "slow"],
      ["maybe", "null"],
      ["text", "42"],
    ];
    expect(buildArguments(schema, pairs, undefined)).toEqual({
      n: 3,
      x: 1.5,
      on: false,
      tags: ["a", "b"],
      filter: { k: 1 },
      mode: "slow",
      maybe: null,
      text: "42",
    });
    expect(coerce("tags", '["a","b c"]', schema.properties.tags)).toEqual(["a", "b c"]);
  });

  it("merges pairs over --json", () => {
    expect(buildArguments(schema, [["n", "2"]], '{"n": 1, "extra": true}')).toEqual({ n: 2, extra: true });
  });

  it("refuses what does not fit, naming the argument", () => {
    expect(() => coerce("n", "1.5", schema.properties.n)).toThrow('n: expected an integer, got "1.5"');
    expect(() => coerce("on", "maybe", schema.properties.on)).toThrow('on: expected boolean, got "maybe"');
    expect(() => coerce("mode", "medium", schema.properties.mode)).toThrow(
      'mode: expected one of "fast"|"slow", got "medium"',
    );
    expect(() => coerce("filter", "[1]", schema.properties.filter)).toThrow(
      "filter: expected object, got array",
    );
    expect(() => buildArguments(schema, [["nope", "1"]], undefined, 'tool "t"')).toThrow(
      'tool "t" has no argument "nope" (it takes n, x, on, tags, filter, mode, maybe, text)',
    );
    expect(() => buildArguments(schema, [], undefined)).toThrow("missing required argument n");
    expect(() => buildArguments(schema, [], "[1]")).toThrow("--json: expected a JSON object");
  });
});
