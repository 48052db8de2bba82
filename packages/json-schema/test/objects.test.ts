import { describe, expect, it } from "vitest";
import { valid, validate } from "./helpers.js";

describe("object keywords", () => {
  it("required points at the missing property", () => {
    expect(validate({ required: ["a", "b/c"] }, { a: 1 })).toEqual({
      pointer: "/b~1c",
      keyword: "required",
      schemaPath: "#/required",
      message: "is required",
    });
    expect(valid({ required: ["a"] }, [])).toBe(true);
    expect(valid({ required: ["toString"] }, {})).toBe(false);
  });

  it("maxProperties and minProperties", () => {
    expect(validate({ maxProperties: 1 }, { a: 1, b: 2 })).toMatchObject({
      keyword: "maxProperties",
      message: "must NOT have more than 1 properties",
    });
    expect(validate({ minProperties: 1 }, {})).toMatchObject({
      keyword: "minProperties",
      message: "must NOT have fewer than 1 properties",
    });
  });

  it("properties, patternProperties and additionalProperties", () => {
    const schema = {
      properties: { a: { type: "number" } },
      patternProperties: { "^x-": { type: "string" } },
      additionalProperties: { type: "boolean" },
    };
    expect(valid(schema, { a: 1, "x-y": "z", other: true })).toBe(true);
    expect(validate(schema, { a: "1" })).toEqual({
      pointer: "/a",
      keyword: "type",
      schemaPath: "#/properties/a/type",
      message: "must be number",
    });
    expect(validate(schema, { "x-y": 1 })).toMatchObject({
      pointer: "/x-y",
      schemaPath: "#/patternProperties/^x-/type",
    });
    expect(validate(schema, { z: 1 })).toMatchObject({
      pointer: "/z",
      schemaPath: "#/additionalProperties/type",
    });
    expect(validate({ properties: { a: true }, additionalProperties: false }, { a: 1, "b~": 2 })).toEqual({
      pointer: "/b~0",
      keyword: "additionalProperties",
      schemaPath: "#/additionalProperties",
      message: "is not allowed by additionalProperties",
    });
  });

  it("a property and a pattern can both apply", () => {
    const schema = { properties: { ab: { minLength: 2 } }, patternProperties: { b$: { maxLength: 2 } } };
    expect(valid(schema, { ab: "xy" })).toBe(true);
    expect(valid(schema, { ab: "xyz" })).toBe(false);
    expect(valid(schema, { ab: "x" })).toBe(false);
  });

  it("dependentRequired and dependentSchemas", () => {
    const schema = {
      dependentRequired: { card: ["billing"] },
      dependentSchemas: { vip: { required: ["tier"] } },
    };
    expect(valid(schema, { billing: 1 })).toBe(true);
    expect(validate(schema, { card: 1 })).toEqual({
      pointer: "/billing",
      keyword: "dependentRequired",
      schemaPath: "#/dependentRequired/card",
      message: "is required when card is present",
    });
    expect(validate(schema, { vip: true })).toMatchObject({
      pointer: "/tier",
      schemaPath: "#/dependentSchemas/vip/required",
    });
  });

  it("propertyNames", () => {
    expect(valid({ propertyNames: { maxLength: 3 } }, { abc: 1 })).toBe(true);
    expect(validate({ propertyNames: { maxLength: 3 } }, { abcd: 1 })).toEqual({
      pointer: "",
      keyword: "maxLength",
      schemaPath: "#/propertyNames/maxLength",
      message: 'property name "abcd" is invalid: must NOT have more than 3 characters',
    });
  });

  it("treats __proto__ as an ordinary property", () => {
    const value = JSON.parse('{"__proto__": 1}');
    expect(validate(JSON.parse('{"properties": {"__proto__": {"type": "string"}}}'), value)).toMatchObject({
      pointer: "/__proto__",
    });
    expect(validate({ additionalProperties: false }, value)).toMatchObject({ pointer: "/__proto__" });
  });
});
