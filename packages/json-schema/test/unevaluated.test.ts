import { describe, expect, it } from "vitest";
import { valid, validate } from "./helpers.js";

describe("unevaluatedProperties", () => {
  it("sees properties evaluated by adjacent keywords and allOf", () => {
    const schema = {
      properties: { a: true },
      allOf: [{ properties: { b: true } }],
      unevaluatedProperties: false,
    };
    expect(valid(schema, { a: 1, b: 2 })).toBe(true);
    expect(validate(schema, { a: 1, c: 3 })).toEqual({
      pointer: "/c",
      keyword: "unevaluatedProperties",
      schemaPath: "#/unevaluatedProperties",
      message: "is not allowed by unevaluatedProperties",
    });
  });

  it("counts only matching anyOf/oneOf branches", () => {
    const schema = {
      anyOf: [{ properties: { a: { type: "string" } } }, { properties: { b: true } }],
      unevaluatedProperties: false,
    };
    expect(valid(schema, { a: "x", b: 1 })).toBe(true);
    // a is a number: the first branch fails, so its annotation for a does not count.
    expect(validate(schema, { a: 1, b: 1 })).toMatchObject({
      pointer: "/a",
      keyword: "unevaluatedProperties",
    });
    const oneOf = {
      oneOf: [
        { properties: { a: true }, required: ["a"] },
        { properties: { b: true }, required: ["b"] },
      ],
      unevaluatedProperties: false,
    };
    expect(valid(oneOf, { a: 1 })).toBe(true);
    expect(valid(oneOf, { b: 1, a: 1 })).toBe(false);
  });

  it("follows if/then/else, $ref and dependentSchemas", () => {
    const schema = {
      $defs: { named: { properties: { name: true } } },
      $ref: "#/$defs/named",
      if: { properties: { kind: { const: "x" } }, required: ["kind"] },
      then: { properties: { x: true } },
      else: { properties: { y: true } },
      dependentSchemas: { name: { properties: { alias: true } } },
      unevaluatedProperties: false,
    };
    expect(valid(schema, { name: "n", kind: "x", x: 1, alias: "a" })).toBe(true);
    // A failed `if` contributes nothing: kind is evaluated only by a matching if.
    expect(validate(schema, { kind: "z", y: 1 })).toMatchObject({
      pointer: "/kind",
      keyword: "unevaluatedProperties",
    });
    expect(valid(schema, { y: 1 })).toBe(true);
    expect(valid(schema, { kind: "x", y: 1 })).toBe(false);
    expect(valid(schema, { alias: "a" })).toBe(false);
  });

  it("does not see through not, nor into sibling schemas of an allOf", () => {
    expect(valid({ not: { not: { properties: { a: true } } }, unevaluatedProperties: false }, { a: 1 })).toBe(
      false,
    );
    const siblings = { allOf: [{ properties: { a: true } }, { unevaluatedProperties: false }] };
    expect(valid(siblings, { a: 1 })).toBe(false);
  });

  it("a nested unevaluatedProperties evaluates for its parent", () => {
    const schema = { allOf: [{ unevaluatedProperties: true }], unevaluatedProperties: false };
    expect(valid(schema, { any: 1 })).toBe(true);
  });

  it("validates unevaluated properties against a schema", () => {
    const schema = { properties: { a: true }, unevaluatedProperties: { type: "number" } };
    expect(valid(schema, { a: "x", b: 1 })).toBe(true);
    expect(validate(schema, { b: "x" })).toMatchObject({
      pointer: "/b",
      schemaPath: "#/unevaluatedProperties/type",
    });
  });
});

describe("unevaluatedItems", () => {
  it("sees prefixItems, items and contains, through applicators", () => {
    expect(valid({ prefixItems: [true], unevaluatedItems: false }, [1])).toBe(true);
    expect(validate({ prefixItems: [true], unevaluatedItems: false }, [1, 2])).toEqual({
      pointer: "/1",
      keyword: "unevaluatedItems",
      schemaPath: "#/unevaluatedItems",
      message: "is not allowed by unevaluatedItems",
    });
    expect(valid({ allOf: [{ prefixItems: [true, true] }], unevaluatedItems: false }, [1, 2])).toBe(true);
    expect(valid({ allOf: [{ items: true }], unevaluatedItems: false }, [1, 2, 3])).toBe(true);
    const contains = { contains: { type: "string" }, unevaluatedItems: { type: "number" } };
    expect(valid(contains, ["a", 1, "b"])).toBe(true);
    expect(valid(contains, ["a", true])).toBe(false);
    expect(
      valid({ anyOf: [{ prefixItems: [{ type: "string" }] }, true], unevaluatedItems: false }, [1]),
    ).toBe(false);
  });
});
