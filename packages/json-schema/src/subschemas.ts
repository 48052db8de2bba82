/** Which keywords hold subschemas, so a scan finds `$id`s and anchors only where they mean something. */

/** Keywords whose value is one schema. */
export const singleSchemaKeywords = [
  "additionalProperties",
  "propertyNames",
  "additionalItems",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
] as const;

/** Keywords whose value is an array of schemas. */
export const schemaArrayKeywords = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;

/** Keywords whose value is an object of schemas. */
export const schemaMapKeywords = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
] as const;

/** Each subschema directly under `schema`, with the pointer tokens that lead to it. */
export function* subschemasOf(schema: Readonly<Record<string, unknown>>): Generator<[unknown, string[]]> {
  for (const keyword of singleSchemaKeywords) {
    if (keyword in schema) yield [schema[keyword], [keyword]];
  }
  for (const keyword of schemaArrayKeywords) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (let i = 0; i < list.length; i++) yield [list[i], [keyword, String(i)]];
  }
  const items = schema.items;
  if (Array.isArray(items)) for (let i = 0; i < items.length; i++) yield [items[i], ["items", String(i)]];
  else if (items !== undefined) yield [items, ["items"]];
  for (const keyword of [...schemaMapKeywords, "dependencies"]) {
    const map = schema[keyword];
    if (typeof map !== "object" || map === null || Array.isArray(map)) continue;
    for (const [name, sub] of Object.entries(map)) {
      // draft-07 `dependencies` mixes schemas and arrays of names.
      if (!Array.isArray(sub)) yield [sub, [keyword, name]];
    }
  }
}
