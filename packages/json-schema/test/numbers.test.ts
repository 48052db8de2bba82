import { describe, expect, it } from "vitest";
import { valid, validate } from "./helpers.js";

describe("number keywords", () => {
  it("multipleOf works in decimal", () => {
    expect(valid({ multipleOf: 0.1 }, 0.3)).toBe(true);
    expect(valid({ multipleOf: 0.01 }, 19.99)).toBe(true);
    expect(valid({ multipleOf: 3 }, 9)).toBe(true);
    expect(valid({ multipleOf: 1.5 }, 4.5)).toBe(true);
    expect(valid({ multipleOf: 0.0001 }, 0.00751)).toBe(false);
    expect(valid({ type: "integer", multipleOf: 0.123456789 }, 1e308)).toBe(false);
    expect(validate({ multipleOf: 2 }, 7)).toEqual({
      pointer: "",
      keyword: "multipleOf",
      schemaPath: "#/multipleOf",
      message: "must be multiple of 2",
    });
  });

  it.each([
    ["maximum", 3, 3, 3.5, "must be <= 3"],
    ["exclusiveMaximum", 3, 2.9, 3, "must be < 3"],
    ["minimum", 3, 3, 2, "must be >= 3"],
    ["exclusiveMinimum", 3, 3.1, 3, "must be > 3"],
  ])("%s %d accepts %d, rejects %d", (keyword, limit, good, bad, message) => {
    expect(valid({ [keyword]: limit }, good)).toBe(true);
    expect(validate({ [keyword]: limit }, bad)).toEqual({
      pointer: "",
      keyword,
      schemaPath: `#/${keyword}`,
      message,
    });
  });

  it("ignores values that are not numbers", () => {
    expect(valid({ maximum: 1, multipleOf: 2 }, "100")).toBe(true);
  });

  it("understands draft-04's boolean exclusive bounds in draft-07 mode", () => {
    const schema = { $schema: "http://json-schema.org/draft-04/schema#", maximum: 3, exclusiveMaximum: true };
    expect(valid(schema, 2.9)).toBe(true);
    expect(validate(schema, 3)).toMatchObject({ keyword: "maximum", message: "must be < 3" });
  });
});
