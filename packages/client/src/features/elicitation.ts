import type { SchemaCheck } from "../validation/output-validator.js";

type Json = Readonly<Record<string, unknown>>;
type Content = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The allowed values of a single-select (`enum`, or `oneOf` of `const`s) or multi-select item schema. */
function allowedValues(schema: Json): readonly unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  const options = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : [];
  const consts = options.filter(isObject).map((o) => o.const);
  return consts.length > 0 ? consts : undefined;
}

const formats: Readonly<Record<string, RegExp>> = {
  email: /^[^\s@]+@[^\s@]+$/,
  uri: /^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  "date-time": /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i,
};

function checkField(schema: Json, value: unknown): string | undefined {
  const allowed = allowedValues(schema);
  switch (schema.type) {
    case "string": {
      if (typeof value !== "string") return "must be a string";
      if (allowed && !allowed.includes(value)) return `must be one of ${JSON.stringify(allowed)}`;
      if (typeof schema.minLength === "number" && value.length < schema.minLength)
        return `must have at least ${schema.minLength} characters`;
      if (typeof schema.maxLength === "number" && value.length > schema.maxLength)
        return `must have at most ${schema.maxLength} characters`;
      const format = typeof schema.format === "string" ? formats[schema.format] : undefined;
      if (format && !format.test(value)) return `must be a valid ${String(schema.format)}`;
      return undefined;
    }
    case "number":
    case "integer": {
      if (typeof value !== "number" || !Number.isFinite(value)) return "must be a number";
      if (schema.type === "integer" && !Number.isInteger(value)) return "must be an integer";
      if (typeof schema.minimum === "number" && value < schema.minimum) return `must be >= ${schema.minimum}`;
      if (typeof schema.maximum === "number" && value > schema.maximum) return `must be <= ${schema.maximum}`;
      return undefined;
    }
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be a boolean";
    case "array": {
      if (!Array.isArray(value)) return "must be an array";
      const items = isObject(schema.items) ? allowedValues(schema.items) : undefined;
      const bad = items ? value.find((v) => !items.includes(v)) : value.find((v) => typeof v !== "string");
      if (bad !== undefined) return `holds ${JSON.stringify(bad)}, which is not allowed`;
      if (typeof schema.minItems === "number" && value.length < schema.minItems)
        return `must have at least ${schema.minItems} items`;
      if (typeof schema.maxItems === "number" && value.length > schema.maxItems)
        return `must have at most ${schema.maxItems} items`;
      return undefined;
    }
    default:
      return undefined; // an unknown kind of field: be tolerant
  }
}

/**
 * Checks an accepted elicitation answer against the server's `requestedSchema` (a flat object of
 * primitive fields, so no general JSON Schema validator, and no `eval`, is needed).
 *
 * @example
 * ```ts
 * checkElicitContent({ type: "object", properties: { age: { type: "integer" } }, required: ["age"] }, {});
 * // { ok: false, pointer: "/age", message: "is required" }
 * ```
 */
export function checkElicitContent(requestedSchema: Json, content: unknown): SchemaCheck {
  if (!isObject(content)) return { ok: false, pointer: "", message: "must be an object" };
  const properties = isObject(requestedSchema.properties) ? requestedSchema.properties : {};
  const required = Array.isArray(requestedSchema.required) ? requestedSchema.required : [];
  for (const name of required) {
    if (typeof name === "string" && content[name] === undefined)
      return { ok: false, pointer: `/${name}`, message: "is required" };
  }
  for (const [name, value] of Object.entries(content)) {
    const field = properties[name];
    if (!isObject(field)) return { ok: false, pointer: `/${name}`, message: "is not in requestedSchema" };
    const problem = checkField(field, value);
    if (problem) return { ok: false, pointer: `/${name}`, message: problem };
  }
  return { ok: true };
}

/**
 * Fills fields the user left out with the `default` of their schema.
 *
 * @example
 * ```ts
 * withDefaults({ type: "object", properties: { n: { type: "number", default: 3 } } }, {}); // { n: 3 }
 * ```
 */
export function withDefaults(requestedSchema: Json, content: Content | undefined): Content {
  const filled: Content = { ...content };
  const properties = isObject(requestedSchema.properties) ? requestedSchema.properties : {};
  for (const [name, field] of Object.entries(properties)) {
    if (filled[name] === undefined && isObject(field) && field.default !== undefined)
      filled[name] = field.default;
  }
  return filled;
}
