import { describe, expect, it } from "vitest";
import { valid, validate } from "./helpers.js";

describe("string keywords", () => {
  it("counts code points, not UTF-16 units", () => {
    expect(valid({ maxLength: 2 }, "💩💩")).toBe(true);
    expect(valid({ minLength: 3 }, "💩💩")).toBe(false);
    expect(validate({ maxLength: 1 }, "ab")).toEqual({
      pointer: "",
      keyword: "maxLength",
      schemaPath: "#/maxLength",
      message: "must NOT have more than 1 characters",
    });
    expect(validate({ minLength: 2 }, "a")).toEqual({
      pointer: "",
      keyword: "minLength",
      schemaPath: "#/minLength",
      message: "must NOT have fewer than 2 characters",
    });
  });

  it("pattern is an unanchored Unicode regular expression", () => {
    expect(valid({ pattern: "b+" }, "abbc")).toBe(true);
    expect(valid({ pattern: "^\\p{L}+$" }, "héllo")).toBe(true);
    expect(valid({ pattern: "^.$" }, "💩")).toBe(true);
    expect(validate({ pattern: "^a" }, "ba")).toEqual({
      pointer: "",
      keyword: "pattern",
      schemaPath: "#/pattern",
      message: 'must match pattern "^a"',
    });
  });

  it("ignores values that are not strings", () => {
    expect(valid({ maxLength: 0, pattern: "x", format: "email" }, 12, { formats: "assert" })).toBe(true);
  });
});
