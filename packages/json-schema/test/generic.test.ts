import { describe, expect, it } from "vitest";
import { valid, validate } from "./helpers.js";

describe("type", () => {
  it.each([
    ["null", null, 0],
    ["boolean", false, 0],
    ["number", 1.5, "1.5"],
    ["integer", 2, 2.5],
    ["string", "", 1],
    ["array", [], {}],
    ["object", {}, []],
  ])("%s accepts %j and rejects %j", (type, good, bad) => {
    expect(valid({ type }, good)).toBe(true);
    expect(validate({ type }, bad)).toEqual({
      pointer: "",
      keyword: "type",
      schemaPath: "#/type",
      message: `must be ${type}`,
    });
  });

  it("counts a number without a fraction as an integer, 1.0 included", () => {
    expect(valid({ type: "integer" }, 1.0)).toBe(true);
    expect(valid({ type: "integer" }, 1e300)).toBe(true);
    expect(valid({ type: "number" }, Number.NaN)).toBe(false);
    expect(valid({ type: "null" }, undefined)).toBe(false);
  });

  it("takes an array of types", () => {
    expect(valid({ type: ["string", "null"] }, null)).toBe(true);
    expect(validate({ type: ["string", "null"] }, 1)).toMatchObject({ message: "must be string,null" });
  });
});

describe("enum and const", () => {
  it("enum compares JSON values", () => {
    const schema = { enum: [1, "a", null, { x: [1, 2] }] };
    expect(valid(schema, 1.0)).toBe(true);
    expect(valid(schema, { x: [1, 2] })).toBe(true);
    expect(valid(schema, "1")).toBe(false);
    expect(validate(schema, { x: [2, 1] })).toEqual({
      pointer: "",
      keyword: "enum",
      schemaPath: "#/enum",
      message: "must be equal to one of the allowed values",
    });
  });

  it("const ignores key order but not array order or types", () => {
    const schema = { const: { a: 1, b: [true, null] } };
    expect(valid(schema, { b: [true, null], a: 1 })).toBe(true);
    expect(valid(schema, { a: 1, b: [null, true] })).toBe(false);
    expect(valid({ const: 0 }, false)).toBe(false);
    expect(valid({ const: [] }, {})).toBe(false);
    expect(valid({ const: null }, null)).toBe(true);
    expect(validate({ const: 2 }, 3)).toEqual({
      pointer: "",
      keyword: "const",
      schemaPath: "#/const",
      message: "must be equal to constant",
    });
  });
});

describe("boolean schemas", () => {
  it("true accepts anything, false nothing", () => {
    expect(valid(true, { any: "thing" })).toBe(true);
    expect(validate(false, 1)).toEqual({
      pointer: "",
      keyword: "false",
      schemaPath: "#",
      message: "is not allowed (the schema is false)",
    });
  });

  it("ignores unknown keywords", () => {
    expect(valid({ frobnicate: 12, type: "number" }, 1)).toBe(true);
  });
});
