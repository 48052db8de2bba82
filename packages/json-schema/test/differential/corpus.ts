/** Hand-written schemas with values that probe each keyword's edges, for the differential test. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface CorpusEntry {
  readonly name: string;
  readonly schema: Json;
  readonly values: readonly Json[];
}

const mixed: Json[] = [
  null,
  true,
  0,
  1,
  1.0,
  1.5,
  -3,
  "",
  "a",
  "abc",
  "💩💩",
  [],
  [1, 2],
  [1, 1],
  ["a", 1],
  {},
  { a: 1 },
  { a: "x", b: 2 },
];

export const corpus: CorpusEntry[] = [
  { name: "type list", schema: { type: ["integer", "string"] }, values: mixed },
  { name: "integer bounds", schema: { type: "integer", minimum: 0, exclusiveMaximum: 2 }, values: mixed },
  {
    name: "string lengths in code points",
    schema: { minLength: 2, maxLength: 3 },
    values: [...mixed, "💩", "ab💩", "ab💩c"],
  },
  { name: "pattern", schema: { pattern: "^[a-z]+$" }, values: mixed },
  { name: "enum of structures", schema: { enum: [[1, 2], { a: 1 }, null, "abc"] }, values: mixed },
  { name: "const object", schema: { const: { a: "x", b: 2 } }, values: [...mixed, { b: 2, a: "x" }] },
  {
    name: "uniqueItems",
    schema: { uniqueItems: true },
    values: [
      ...mixed,
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [[1], [1.0]],
      [1, "1"],
    ],
  },
  {
    name: "items and prefixItems",
    schema: { prefixItems: [{ type: "integer" }, { type: "string" }], items: false },
    values: [...mixed, [1, "a"], [1, "a", 2]],
  },
  {
    name: "contains with bounds",
    schema: { contains: { type: "integer" }, minContains: 2, maxContains: 2 },
    values: [...mixed, [1, "a", 2], [1, 2, 3]],
  },
  {
    name: "object keywords",
    schema: {
      properties: { a: { type: "integer" } },
      patternProperties: { "^b": { type: "number" } },
      additionalProperties: { type: "string" },
      required: ["a"],
      minProperties: 1,
      maxProperties: 2,
    },
    values: [...mixed, { a: 1, c: "x" }, { a: 1, bb: "x" }, { a: 1, c: 2 }],
  },
  { name: "propertyNames", schema: { propertyNames: { pattern: "^[a-b]$" } }, values: [...mixed, { c: 1 }] },
  { name: "dependentRequired", schema: { dependentRequired: { a: ["b"] } }, values: mixed },
  {
    name: "dependentSchemas",
    schema: { dependentSchemas: { a: { properties: { b: { type: "integer" } } } } },
    values: mixed,
  },
  { name: "oneOf", schema: { oneOf: [{ type: "integer" }, { minimum: 1 }] }, values: mixed },
  {
    name: "if/then/else",
    schema: { if: { type: "string" }, then: { minLength: 2 }, else: { type: "number" } },
    values: mixed,
  },
  {
    name: "unevaluatedProperties through anyOf",
    schema: {
      anyOf: [{ properties: { a: { type: "integer" } } }, { properties: { b: true } }],
      unevaluatedProperties: false,
    },
    values: [...mixed, { a: 1, b: 2 }, { a: "x", b: 2 }, { b: 1, c: 1 }],
  },
  {
    name: "unevaluatedItems through a matching if",
    schema: {
      if: { prefixItems: [{ const: 1 }] },
      then: { prefixItems: [true, true] },
      unevaluatedItems: false,
    },
    values: [[1, 2], [1, 2, 3], [1], []],
  },
  {
    name: "recursive tree",
    schema: {
      $defs: {
        node: {
          type: "object",
          properties: { v: { type: "integer" }, kids: { type: "array", items: { $ref: "#/$defs/node" } } },
          additionalProperties: false,
        },
      },
      $ref: "#/$defs/node",
    },
    values: [...mixed, { v: 1, kids: [{ v: 2, kids: [] }] }, { v: 1, kids: [{ w: 2 }] }],
  },
  {
    name: "$dynamicRef extension",
    schema: {
      $id: "https://example.com/strict-tree",
      $dynamicAnchor: "node",
      $ref: "tree",
      unevaluatedProperties: false,
      $defs: {
        tree: {
          $id: "tree",
          $dynamicAnchor: "node",
          type: "object",
          properties: { data: true, children: { type: "array", items: { $dynamicRef: "#node" } } },
        },
      },
    },
    values: [{ children: [{ daat: 1 }] }, { children: [{ data: 1 }] }, { data: 1, extra: 2 }],
  },
  {
    name: "draft-07 dependencies and additionalItems",
    schema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      dependencies: { a: ["b"], c: { required: ["d"] } },
      items: [{ type: "integer" }],
      additionalItems: { type: "string" },
    },
    values: [...mixed, [1, "a"], [1, 2], { c: 1, d: 1 }, { c: 1 }],
  },
];
