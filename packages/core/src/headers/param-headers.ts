import { decodeHeaderValue, encodeHeaderValue } from "./header-value.js";
import { type HeaderMismatch, HeaderMismatches } from "./header-mismatch.js";

/** The JSON Schema keyword that mirrors a tool argument into an `Mcp-Param-*` header. */
export const PARAM_HEADER_KEYWORD = "x-mcp-header";

/** One tool argument mirrored into a header: `arguments[property]` ⇄ `Mcp-Param-<name>`. */
export interface ParamHeaderBinding {
  /** The argument (a top-level property of the input schema). */
  readonly property: string;
  /** The annotation's value, e.g. `Region`. */
  readonly name: string;
  /** The full header name, e.g. `Mcp-Param-Region`. */
  readonly header: string;
}

/** What {@link readParamHeaders} found: the bindings, or why the annotations are unusable. */
export type ParamHeadersReading =
  | { readonly ok: true; readonly bindings: readonly ParamHeaderBinding[] }
  | { readonly ok: false; readonly problem: string };

/** An HTTP field name (RFC 9110 `token`). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVES: ReadonlySet<unknown> = new Set(["string", "integer", "boolean"]);

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether a property's `type` admits only values a header can carry (`null` means "no header"). */
function isPrimitiveType(type: unknown): boolean {
  if (PRIMITIVES.has(type)) return true;
  if (!Array.isArray(type)) return false;
  const kinds = type.filter((t) => t !== "null");
  return kinds.length > 0 && kinds.every((t) => PRIMITIVES.has(t));
}

/**
 * Reads the `x-mcp-header` annotations of a tool's input schema (top-level properties only). An
 * annotation is usable when its value is a non-empty HTTP token, unique among the tool's
 * annotations ignoring case, on a property typed `string`, `integer` or `boolean` (never `number`:
 * a float has no single text form to compare)
 * (optionally also `null`). Servers refuse a tool with an unusable annotation; clients ignore it.
 *
 * @example
 * ```ts
 * readParamHeaders({ type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } });
 * // { ok: true, bindings: [{ property: "region", name: "Region", header: "Mcp-Param-Region" }] }
 * ```
 */
export function readParamHeaders(inputSchema: unknown): ParamHeadersReading {
  const properties = isObject(inputSchema) ? inputSchema.properties : undefined;
  if (!isObject(properties)) return { ok: true, bindings: [] };
  const bindings: ParamHeaderBinding[] = [];
  const seen = new Map<string, string>();
  for (const [property, schema] of Object.entries(properties)) {
    if (!isObject(schema) || !(PARAM_HEADER_KEYWORD in schema)) continue;
    const name = schema[PARAM_HEADER_KEYWORD];
    const where = `property ${JSON.stringify(property)}`;
    if (typeof name !== "string" || !TOKEN.test(name)) {
      return {
        ok: false,
        problem: `${where}: ${PARAM_HEADER_KEYWORD} ${JSON.stringify(name)} is not a valid HTTP header name`,
      };
    }
    if (!isPrimitiveType(schema.type)) {
      return {
        ok: false,
        problem: `${where}: ${PARAM_HEADER_KEYWORD} needs a string, integer or boolean property (type is ${JSON.stringify(schema.type) ?? "missing"})`,
      };
    }
    const clash = seen.get(name.toLowerCase());
    if (clash !== undefined) {
      return {
        ok: false,
        problem: `${where}: ${PARAM_HEADER_KEYWORD} ${JSON.stringify(name)} repeats the header of property ${JSON.stringify(clash)} (names are case-insensitive)`,
      };
    }
    seen.set(name.toLowerCase(), property);
    bindings.push({ property, name, header: `Mcp-Param-${name}` });
  }
  return { ok: true, bindings };
}

/**
 * An argument as header text before encoding: strings as they are, finite numbers and booleans as
 * their JSON text (`42`, `1.5`, `true`). Undefined for anything a header cannot carry (`null`,
 * absent, objects, arrays): such an argument gets no header.
 *
 * @example
 * ```ts
 * renderParamValue(3); // "3"
 * renderParamValue(null); // undefined
 * ```
 */
export function renderParamValue(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number" && Number.isFinite(value)) return JSON.stringify(value);
  return undefined;
}

/**
 * The `Mcp-Param-*` headers a client sends with a `tools/call`: one per binding whose argument
 * has a value a header can carry, encoded with {@link encodeHeaderValue}.
 *
 * @example
 * ```ts
 * const bindings = [{ property: "region", name: "Region", header: "Mcp-Param-Region" }];
 * paramHeaders(bindings, { region: "Zürich" }); // { "Mcp-Param-Region": "=?base64?WsO8cmljaA==?=" }
 * ```
 */
export function paramHeaders(
  bindings: readonly ParamHeaderBinding[],
  args: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { property, header } of bindings) {
    const text = renderParamValue(args[property]);
    if (text !== undefined) headers[header] = encodeHeaderValue(text);
  }
  return headers;
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Whether a decoded header says the same as the body's value (numbers compare as numbers). */
function agrees(received: string, expected: string, value: unknown): boolean {
  if (received === expected) return true;
  return typeof value === "number" && JSON_NUMBER.test(received) && Number(received) === value;
}

function headerIn(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower in headers) return headers[lower];
  return Object.entries(headers).find(([key]) => key.toLowerCase() === lower)?.[1];
}

/**
 * Checks a `tools/call`'s `Mcp-Param-*` headers against its arguments (server side): a binding
 * whose argument has a value needs the header, `=?base64?…?=` decoded, equal to it; a header sent
 * for an argument the body lacks (or holds `null`) is a mismatch too. Arguments a header cannot
 * carry (objects, arrays) are left to argument validation. Header names are matched ignoring case.
 * Returns the first problem, or undefined.
 *
 * @example
 * ```ts
 * const bindings = [{ property: "region", name: "Region", header: "Mcp-Param-Region" }];
 * checkParamHeaders(bindings, { region: "us-west1" }, { "mcp-param-region": "us-east1" });
 * // { code: -32020, message: "Header mismatch: Mcp-Param-Region header value 'us-east1' does not match body value 'us-west1'", ... }
 * ```
 */
export function checkParamHeaders(
  bindings: readonly ParamHeaderBinding[],
  args: Readonly<Record<string, unknown>>,
  headers: Readonly<Record<string, string>>,
): HeaderMismatch | undefined {
  for (const { property, header } of bindings) {
    const value = args[property];
    const sent = headerIn(headers, header);
    if (value === undefined || value === null) {
      if (sent !== undefined) return HeaderMismatches.unexpected(header, sent.trim());
      continue;
    }
    const expected = renderParamValue(value);
    if (expected === undefined) continue;
    if (sent === undefined) return HeaderMismatches.missing(header, expected);
    const received = decodeHeaderValue(sent);
    if (received === undefined) return HeaderMismatches.badEncoding(header, sent.trim(), expected);
    if (!agrees(received, expected, value)) return HeaderMismatches.differs(header, received, expected);
  }
  return undefined;
}
