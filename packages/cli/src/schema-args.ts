import { UsageError } from "./errors.js";
import type { ObjectSchema, PropertySchema } from "./render/schema-summary.js";
import { typeOf } from "./render/schema-summary.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function parseJson(text: string, what: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new UsageError(`${what}: not valid JSON: ${text}`);
  }
}

function types(schema: PropertySchema | undefined): string[] {
  if (!schema) return [];
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === "string") return [schema.type];
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.flatMap(types);
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? "null" : typeof v)))];
  return [];
}

/**
 * Reads one `key=value` as the property's schema says: a number, an integer, a boolean, null, an
 * array or object given as JSON, else the string as typed. An enum value must be one of its values.
 */
export function coerce(key: string, raw: string, schema: PropertySchema | undefined): Json {
  const allowed = types(schema);
  const want = (t: string) => allowed.includes(t);
  let value: Json | undefined;
  if (allowed.length === 0)
    value = raw; // no type: the text as typed
  else if ((want("integer") || want("number")) && raw.trim() !== "" && Number.isFinite(Number(raw))) {
    value = Number(raw);
    if (!want("number") && !Number.isInteger(value) && !want("string"))
      throw new UsageError(`${key}: expected an integer, got "${raw}"`);
  } else if (want("boolean") && (raw === "true" || raw === "false")) value = raw === "true";
  else if (want("null") && raw === "null") value = null;
  else if ((want("array") || want("object")) && /^\s*[[{]/.test(raw)) {
    value = parseJson(raw, key);
    const kind = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
    if (!want(kind)) throw new UsageError(`${key}: expected ${typeOf(schema)}, got ${kind}`);
  } else if (want("array") && !want("string")) value = raw === "" ? [] : raw.split(",");
  else if (want("string")) value = raw;
  if (value === undefined) throw new UsageError(`${key}: expected ${typeOf(schema)}, got "${raw}"`);
  if (schema?.enum && !schema.enum.some((v) => v === value))
    throw new UsageError(`${key}: expected one of ${typeOf(schema)}, got "${raw}"`);
  return value;
}

/**
 * Builds a tool's arguments: the `--json` object, then each `key=value` read against the input
 * schema. A key the schema does not name is refused (unless it allows additional properties), and
 * so is a missing required one.
 */
export function buildArguments(
  schema: ObjectSchema | undefined,
  pairs: readonly [string, string][],
  json: string | undefined,
  what = "the tool",
): Record<string, Json> {
  const args: Record<string, Json> = {};
  if (json !== undefined) {
    const parsed = parseJson(json, "--json");
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
      throw new UsageError("--json: expected a JSON object");
    Object.assign(args, parsed);
  }
  const properties = schema?.properties ?? {};
  const open = (schema as { additionalProperties?: unknown } | undefined)?.additionalProperties !== false;
  const names = Object.keys(properties);
  for (const [key, raw] of pairs) {
    const property = properties[key];
    if (!property && !(open && names.length === 0)) {
      const known = names.length > 0 ? ` (it takes ${names.join(", ")})` : " (it takes no arguments)";
      throw new UsageError(`${what} has no argument "${key}"${known}`);
    }
    args[key] = coerce(key, raw, property);
  }
  const missing = (schema?.required ?? []).filter((name) => !(name in args));
  if (missing.length > 0)
    throw new UsageError(`missing required argument${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  return args;
}
