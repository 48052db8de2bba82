import { describe, expect, it } from "vitest";
import { valid, validate } from "./helpers.js";

describe("array keywords", () => {
  it("maxItems and minItems", () => {
    expect(validate({ maxItems: 1 }, [1, 2])).toEqual({
      pointer: "",
      keyword: "maxItems",
      schemaPath: "#/maxItems",
      message: "must NOT have more than 1 items",
    });
    expect(validate({ minItems: 1 }, [])).toMatchObject({
      keyword: "minItems",
      message: "must NOT have fewer than 1 items",
    });
    expect(valid({ minItems: 1 }, "not an array")).toBe(true);
  });

  it("uniqueItems compares deeply, ignoring key order", () => {
    expect(valid({ uniqueItems: true }, [1, "1", [1], { a: 1 }])).toBe(true);
    expect(validate({ uniqueItems: true }, [{ a: 1, b: 2 }, 3, { b: 2, a: 1 }])).toEqual({
      pointer: "",
      keyword: "uniqueItems",
      schemaPath: "#/uniqueItems",
      message: "must NOT have duplicate items (items 0 and 2 are identical)",
    });
    expect(valid({ uniqueItems: true }, [1, 1.0])).toBe(false);
    expect(valid({ uniqueItems: false }, [1, 1])).toBe(true);
  });

  it("prefixItems then items", () => {
    const schema = { prefixItems: [{ type: "string" }, { type: "number" }], items: { type: "boolean" } };
    expect(valid(schema, ["a"])).toBe(true);
    expect(valid(schema, ["a", 1, true, false])).toBe(true);
    expect(validate(schema, ["a", "b"])).toEqual({
      pointer: "/1",
      keyword: "type",
      schemaPath: "#/prefixItems/1/type",
      message: "must be number",
    });
    expect(validate(schema, ["a", 1, true, 0])).toMatchObject({ pointer: "/3", schemaPath: "#/items/type" });
    expect(validate({ prefixItems: [true], items: false }, [1, 2])).toEqual({
      pointer: "/1",
      keyword: "items",
      schemaPath: "#/items",
      message: "is not allowed by items",
    });
  });

  it("contains, minContains and maxContains", () => {
    const schema = { contains: { type: "number" } };
    expect(valid(schema, ["a", 1])).toBe(true);
    expect(validate(schema, ["a"])).toEqual({
      pointer: "",
      keyword: "contains",
      schemaPath: "#/contains",
      message: "must contain at least 1 valid item(s)",
    });
    const bounded = { contains: { type: "number" }, minContains: 2, maxContains: 3 };
    expect(validate(bounded, [1])).toMatchObject({
      keyword: "minContains",
      schemaPath: "#/minContains",
      message: "must contain at least 2 valid item(s)",
    });
    expect(valid(bounded, [1, "x", 2])).toBe(true);
    expect(validate(bounded, [1, 2, 3, 4])).toMatchObject({
      keyword: "maxContains",
      message: "must contain at most 3 valid item(s)",
    });
    expect(valid({ contains: { type: "number" }, minContains: 0 }, [])).toBe(true);
  });
});
