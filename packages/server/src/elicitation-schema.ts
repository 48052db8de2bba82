import type { JsonSchema } from "./json-schema.js";

/**
 * The specification's restricted subset for form elicitation (2025-06-18 and later): a flat object
 * whose properties are each a string (length bounds, `pattern`, `format` email / uri / date /
 * date-time), a number or integer (bounds), a boolean, a single-select string enum (`enum`, with
 * the legacy `enumNames`, or `oneOf` of titled `const`s) or a multi-select one (an array whose
 * `items` are such an enum). Every property may have `title`, `description` and `default`.
 */
const common = ["type", "title", "description", "default"];
const keywords: Record<string, readonly string[]> = {
  string: [...common, "minLength", "maxLength", "pattern", "format", "enum", "enumNames", "oneOf"],
  number: [...common, "minimum", "maximum"],
  integer: [...common, "minimum", "maximum"],
  boolean: common,
  array: [...common, "minItems", "maxItems", "items"],
};
const formats = ["email", "uri", "date", "date-time"];
/** Top-level keywords: `additionalProperties: false` (what converters such as zod's add) is dropped before sending. */
const topLevel = [
  "$schema",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "title",
  "description",
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === "string");
const isTitledConsts = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every(
    (v) =>
      isObject(v) &&
      typeof v.const === "string" &&
      Object.keys(v).every((k) => k === "const" || k === "title"),
  );

function pointer(...segments: string[]): string {
  return segments.map((s) => `/${s.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

/** Why one property schema does not fit (undefined when it does). */
function propertyProblem(name: string, schema: unknown): string | undefined {
  const at = pointer("properties", name);
  if (!isObject(schema)) return `${at} must be an object`;
  const type = schema.type;
  if (typeof type !== "string" || !(type in keywords)) {
    return `${at} has type ${JSON.stringify(type)}: a form field is a string, number, integer, boolean, or an array of enum strings (nested objects and other arrays are not allowed)`;
  }
  const allowed = keywords[type] as readonly string[];
  const extra = Object.keys(schema).find((k) => !allowed.includes(k));
  if (extra !== undefined) return `${at} uses "${extra}", which a ${type} field of a form cannot have`;
  if (schema.format !== undefined && !formats.includes(schema.format as string)) {
    return `${at} has format ${JSON.stringify(schema.format)}: only ${formats.join(", ")} are allowed`;
  }
  if (schema.enum !== undefined && !isStringList(schema.enum)) return `${at}/enum must list strings`;
  if (schema.enumNames !== undefined && !isStringList(schema.enumNames))
    return `${at}/enumNames must list strings`;
  if (schema.oneOf !== undefined && !isTitledConsts(schema.oneOf)) {
    return `${at}/oneOf must list { const, title } options with string consts`;
  }
  if (type === "array") {
    const items = schema.items;
    const stringEnum =
      isObject(items) &&
      items.type === "string" &&
      isStringList(items.enum) &&
      Object.keys(items).length === 2;
    const titled = isObject(items) && isTitledConsts(items.anyOf) && Object.keys(items).length === 1;
    if (!stringEnum && !titled) {
      return `${at}/items must be { type: "string", enum: [...] } or { anyOf: [{ const, title }, ...] }: a form's arrays are multi-select enums`;
    }
  }
  return undefined;
}

/**
 * Why a form elicitation's `requestedSchema` does not fit the specification's restricted subset,
 * naming the part that does not (undefined when it fits).
 *
 * @example
 * ```ts
 * elicitationSchemaProblem({ type: "object", properties: { address: { type: "object" } } });
 * // '/properties/address has type "object": a form field is a string, number, ...'
 * ```
 */
export function elicitationSchemaProblem(schema: unknown): string | undefined {
  if (!isObject(schema)) return "the schema must be an object";
  if (schema.type !== "object")
    return `the schema's type must be "object", not ${JSON.stringify(schema.type)}`;
  const extra = Object.keys(schema).find((k) => !topLevel.includes(k));
  if (extra !== undefined)
    return `the schema uses "${extra}", which a form cannot have (only flat properties)`;
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    return "the schema's additionalProperties must be false or absent: a form asks for named fields";
  }
  const properties = schema.properties ?? {};
  if (!isObject(properties)) return "the schema's properties must be an object";
  for (const [name, property] of Object.entries(properties)) {
    const problem = propertyProblem(name, property);
    if (problem) return problem;
  }
  if (schema.required !== undefined) {
    if (!isStringList(schema.required)) return "the schema's required must list property names";
    const unknown = schema.required.find((name) => !(name in properties));
    if (unknown !== undefined) return `the schema requires "${unknown}", which is not one of its properties`;
  }
  return undefined;
}

/**
 * The schema as sent: checked against the restricted subset (a `TypeError` naming what does not
 * fit), with `additionalProperties` (which the wire format lacks) left out.
 */
export function formSchema(schema: JsonSchema): JsonSchema {
  const problem = elicitationSchemaProblem(schema);
  if (problem) throw new TypeError(`elicitation: requestedSchema does not fit the form subset: ${problem}`);
  if (!("additionalProperties" in schema)) return schema;
  const { additionalProperties: _dropped, ...rest } = schema;
  return rest;
}
