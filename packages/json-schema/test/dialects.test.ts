import { describe, expect, it } from "vitest";
import { dialectOf } from "../src/index.js";
import { valid, validate } from "./helpers.js";

const draft07 = "http://json-schema.org/draft-07/schema#";

describe("dialects", () => {
  it("reads draft-04/06/07 as draft-07 and anything else as 2020-12", () => {
    expect(dialectOf({ $schema: "http://json-schema.org/draft-04/schema#" })).toBe("draft-07");
    expect(dialectOf({ $schema: "http://json-schema.org/draft-06/schema" })).toBe("draft-07");
    expect(dialectOf({ $schema: draft07 })).toBe("draft-07");
    expect(dialectOf({ $schema: "https://json-schema.org/draft/2019-09/schema" })).toBe("2020-12");
    expect(dialectOf({})).toBe("2020-12");
    expect(dialectOf(true)).toBe("2020-12");
  });

  it("draft-07: array items with additionalItems", () => {
    const schema = { $schema: draft07, items: [{ type: "string" }], additionalItems: { type: "number" } };
    expect(valid(schema, ["a", 1, 2])).toBe(true);
    expect(validate(schema, ["a", "b"])).toMatchObject({
      pointer: "/1",
      schemaPath: "#/additionalItems/type",
    });
    expect(validate({ $schema: draft07, items: [true], additionalItems: false }, [1, 2])).toEqual({
      pointer: "/1",
      keyword: "additionalItems",
      schemaPath: "#/additionalItems",
      message: "is not allowed by additionalItems",
    });
    // additionalItems means nothing without array-form items.
    expect(valid({ $schema: draft07, items: { type: "number" }, additionalItems: false }, [1, 2])).toBe(true);
  });

  it("2020-12 rejects array-form items and ignores additionalItems", () => {
    expect(() => validate({ items: [true] }, [])).toThrow(
      new TypeError(
        "invalid JSON Schema at #/items: items must be a schema in 2020-12 (use prefixItems for an array of schemas)",
      ),
    );
    expect(valid({ prefixItems: [true], additionalItems: false }, [1, 2])).toBe(true);
  });

  it("draft-07: both forms of dependencies", () => {
    const schema = { $schema: draft07, dependencies: { a: ["b"], c: { required: ["d"] } } };
    expect(valid(schema, { a: 1, b: 2, c: 3, d: 4 })).toBe(true);
    expect(validate(schema, { a: 1 })).toEqual({
      pointer: "/b",
      keyword: "dependencies",
      schemaPath: "#/dependencies/a",
      message: "is required when a is present",
    });
    expect(validate(schema, { c: 1 })).toMatchObject({
      pointer: "/d",
      schemaPath: "#/dependencies/c/required",
    });
  });

  it("draft-07: keywords beside $ref are ignored, definitions resolve", () => {
    const schema = {
      $schema: draft07,
      definitions: { n: { type: "number" } },
      properties: { a: { $ref: "#/definitions/n", minimum: 5 } },
    };
    expect(valid(schema, { a: 1 })).toBe(true);
    expect(valid(schema, { a: "1" })).toBe(false);
    const idBeside = {
      $schema: draft07,
      $id: "http://example.com/",
      definitions: { x: { $id: "x.json", type: "string" } },
      properties: { a: { $id: "ignored/", $ref: "x.json" } },
    };
    expect(valid(idBeside, { a: "s" })).toBe(true);
    expect(valid(idBeside, { a: 1 })).toBe(false);
  });

  it("draft-07: exclusive bounds are numbers; no prefixItems, unevaluated* or $dynamicRef", () => {
    expect(valid({ $schema: draft07, exclusiveMaximum: 3 }, 3)).toBe(false);
    expect(valid({ $schema: draft07, prefixItems: [{ type: "string" }] }, [1])).toBe(true);
    expect(valid({ $schema: draft07, unevaluatedProperties: false }, { a: 1 })).toBe(true);
    expect(valid({ $schema: draft07, $dynamicRef: "#nowhere" }, 1)).toBe(true);
    expect(valid({ $schema: draft07, contains: { type: "string" }, minContains: 2 }, ["a"])).toBe(true);
  });

  it("draft-07: $id fragments are anchors", () => {
    const schema = { $schema: draft07, definitions: { s: { $id: "#str", type: "string" } }, $ref: "#str" };
    expect(valid(schema, "x")).toBe(true);
    expect(valid(schema, 1)).toBe(false);
  });

  it("the dialect option overrides $schema", () => {
    expect(valid({ $schema: draft07, prefixItems: [{ type: "string" }] }, [1], { dialect: "2020-12" })).toBe(
      false,
    );
    expect(valid({ unevaluatedProperties: false }, { a: 1 }, { dialect: "draft-07" })).toBe(true);
  });
});
