import { describe, expect, it } from "vitest";
import { valid, validate } from "./helpers.js";

describe("$ref", () => {
  it("resolves JSON pointers with ~0, ~1 and percent-encoding", () => {
    const schema = {
      $defs: {
        "a/b": { type: "number" },
        "c~d": { type: "string" },
        "e%f": { type: "boolean" },
        "g h": { type: "null" },
      },
      properties: {
        x: { $ref: "#/$defs/a~1b" },
        y: { $ref: "#/$defs/c~0d" },
        z: { $ref: "#/$defs/e%25f" },
        w: { $ref: "#/$defs/g%20h" },
      },
    };
    expect(valid(schema, { x: 1, y: "s", z: true, w: null })).toBe(true);
    expect(validate(schema, { x: "1" })).toEqual({
      pointer: "/x",
      keyword: "type",
      schemaPath: "#/$defs/a~1b/type",
      message: "must be number",
    });
    expect(valid(schema, { y: 1 })).toBe(false);
    expect(valid(schema, { z: 1 })).toBe(false);
    expect(valid(schema, { w: 1 })).toBe(false);
  });

  it("resolves into arrays and to the root, recursively", () => {
    const tree = {
      type: "object",
      properties: { value: { type: "number" }, children: { type: "array", items: { $ref: "#" } } },
    };
    expect(valid(tree, { value: 1, children: [{ value: 2, children: [] }] })).toBe(true);
    expect(validate(tree, { children: [{ children: [{ value: "x" }] }] })).toMatchObject({
      pointer: "/children/0/children/0/value",
    });
    expect(valid({ prefixItems: [{ type: "string" }], items: { $ref: "#/prefixItems/0" } }, ["a", "b"])).toBe(
      true,
    );
  });

  it("resolves $anchor and embedded resources with relative $id", () => {
    const schema = {
      $id: "https://example.com/root.json",
      $defs: {
        item: {
          $id: "item.json",
          $defs: { price: { $anchor: "price", type: "number" } },
          properties: { price: { $ref: "#price" } },
        },
        local: { $anchor: "local", type: "string" },
      },
      properties: {
        item: { $ref: "item.json" },
        name: { $ref: "#local" },
        cost: { $ref: "https://example.com/item.json#price" },
      },
    };
    expect(valid(schema, { item: { price: 1 }, name: "n", cost: 2 })).toBe(true);
    expect(validate(schema, { item: { price: "1" } })).toMatchObject({
      pointer: "/item/price",
      schemaPath: "#/$defs/item/$defs/price/type",
    });
    expect(valid(schema, { cost: "x" })).toBe(false);
  });

  it("resolves pointers relative to an embedded resource", () => {
    const schema = {
      $defs: { inner: { $id: "urn:example:inner", $defs: { n: { type: "number" } }, $ref: "#/$defs/n" } },
      $ref: "urn:example:inner",
    };
    expect(valid(schema, 1)).toBe(true);
    expect(valid(schema, "1")).toBe(false);
  });

  it("in 2020-12, keywords beside $ref apply too", () => {
    expect(valid({ $defs: { n: { type: "number" } }, $ref: "#/$defs/n", minimum: 5 }, 3)).toBe(false);
  });
});

describe("$dynamicRef", () => {
  const list = {
    $id: "https://example.com/list",
    $defs: { item: { $dynamicAnchor: "item", not: true } },
    type: "array",
    items: { $dynamicRef: "#item" },
  };

  it("resolves to the outermost dynamic anchor in scope", () => {
    const strings = {
      $id: "https://example.com/strings",
      $defs: { list, item: { $dynamicAnchor: "item", type: "string" } },
      $ref: "list",
    };
    expect(valid(strings, ["a"])).toBe(true);
    expect(validate(strings, [1])).toMatchObject({
      pointer: "/0",
      keyword: "type",
      schemaPath: "#/$defs/item/type",
    });
  });

  it("falls back to the static target when no outer anchor exists", () => {
    expect(valid(list, [])).toBe(true);
    expect(validate(list, [1])).toMatchObject({ pointer: "/0", keyword: "not" });
  });

  it("behaves as $ref when the target has no matching $dynamicAnchor", () => {
    const schema = {
      $id: "https://example.com/root",
      $defs: {
        a: { $anchor: "x", type: "number" },
        b: { $id: "b", $defs: { x: { $dynamicAnchor: "x", type: "string" } } },
      },
      $dynamicRef: "#x",
    };
    expect(valid(schema, 1)).toBe(true);
    expect(valid(schema, "s")).toBe(false);
  });
});
