import { describe, expect, it } from "vitest";
import { valid, validate } from "./helpers.js";

describe("applicators", () => {
  it("allOf reports the failure inside it", () => {
    const schema = { allOf: [{ type: "number" }, { minimum: 2 }] };
    expect(valid(schema, 3)).toBe(true);
    expect(validate(schema, 1)).toEqual({
      pointer: "",
      keyword: "minimum",
      schemaPath: "#/allOf/1/minimum",
      message: "must be >= 2",
    });
  });

  it("anyOf needs one match", () => {
    const schema = { anyOf: [{ type: "string" }, { minimum: 2 }] };
    expect(valid(schema, "x")).toBe(true);
    expect(valid(schema, 3)).toBe(true);
    expect(validate(schema, 1)).toEqual({
      pointer: "",
      keyword: "anyOf",
      schemaPath: "#/anyOf",
      message: "must match a schema in anyOf",
    });
  });

  it("oneOf needs exactly one match", () => {
    const schema = { oneOf: [{ type: "integer" }, { minimum: 2 }] };
    expect(valid(schema, 1)).toBe(true);
    expect(valid(schema, 2.5)).toBe(true);
    expect(validate(schema, 3)).toEqual({
      pointer: "",
      keyword: "oneOf",
      schemaPath: "#/oneOf",
      message: "must match exactly one schema in oneOf (matches 0 and 1)",
    });
    expect(validate(schema, 1.5)).toMatchObject({
      message: "must match exactly one schema in oneOf (matches none)",
    });
  });

  it("not inverts", () => {
    expect(valid({ not: { type: "string" } }, 1)).toBe(true);
    expect(validate({ not: { type: "string" } }, "x")).toEqual({
      pointer: "",
      keyword: "not",
      schemaPath: "#/not",
      message: "must NOT be valid against the schema in not",
    });
  });

  it("if/then/else picks a branch", () => {
    const schema = { if: { type: "string" }, then: { minLength: 2 }, else: { minimum: 0 } };
    expect(valid(schema, "ab")).toBe(true);
    expect(valid(schema, 1)).toBe(true);
    expect(validate(schema, "a")).toMatchObject({ keyword: "minLength", schemaPath: "#/then/minLength" });
    expect(validate(schema, -1)).toMatchObject({ keyword: "minimum", schemaPath: "#/else/minimum" });
    expect(valid({ then: false, else: false }, 1)).toBe(true);
    expect(valid({ if: true, then: false }, 1)).toBe(false);
    expect(valid({ if: false, then: false }, 1)).toBe(true);
  });

  it("reports nested pointers through applicators", () => {
    const schema = { properties: { a: { anyOf: [{ items: { type: "string" } }] } } };
    expect(validate(schema, { a: [1] })).toEqual({
      pointer: "/a",
      keyword: "anyOf",
      schemaPath: "#/properties/a/anyOf",
      message: "must match a schema in anyOf",
    });
    expect(
      validate({ properties: { a: { allOf: [{ items: { type: "string" } }] } } }, { a: ["x", 1] }),
    ).toMatchObject({ pointer: "/a/1" });
  });
});
