import { type Json, isObject } from "../model/json.js";
import { type JsonPath, formatPath } from "./path.js";

/** Raised for a pattern that cannot be a pattern (mixed keys, unknown matcher, bad argument). */
export class PatternError extends Error {
  constructor(
    readonly path: JsonPath,
    message: string,
  ) {
    super(`${formatPath(path)}: ${message}`);
    this.name = "PatternError";
  }
}

const TYPES = ["string", "number", "integer", "boolean", "null", "object", "array"];
const KNOWN = new Set([
  "$any",
  "$absent",
  "$optional",
  "$type",
  "$regex",
  "$flags",
  "$in",
  "$anyOf",
  "$allOf",
  "$not",
  "$gte",
  "$gt",
  "$lte",
  "$lt",
  "$length",
  "$contains",
  "$each",
  "$json",
  "$wwwAuthenticate",
  "$exact",
  "$partial",
  "$literal",
  "$capture",
  "$match",
  "$equals",
]);

/** True for an object whose keys all start with `$` (a matcher); throws for mixed objects. */
export function isMatcher(pattern: Json | undefined, path: JsonPath = []): boolean {
  if (!isObject(pattern)) return false;
  const keys = Object.keys(pattern);
  const dollar = keys.filter((key) => key.startsWith("$"));
  if (dollar.length === 0) return false;
  if (dollar.length !== keys.length) {
    throw new PatternError(path, `an object mixes matcher keys (${dollar.join(", ")}) with plain keys`);
  }
  return true;
}

/**
 * Checks that a pattern is well formed: matcher names, argument types, regexes. Throws PatternError.
 * @example
 * checkPattern({ id: { $type: "number" } });
 */
export function checkPattern(pattern: Json, path: JsonPath = []): void {
  if (Array.isArray(pattern)) {
    for (const [i, item] of pattern.entries()) checkPattern(item, [...path, i]);
    return;
  }
  if (!isObject(pattern)) return;
  if (!isMatcher(pattern, path)) {
    for (const [key, item] of Object.entries(pattern)) checkPattern(item, [...path, key]);
    return;
  }
  for (const [key, arg] of Object.entries(pattern)) {
    const at = [...path, key];
    if (!KNOWN.has(key)) throw new PatternError(path, `unknown matcher "${key}"`);
    const fail = (what: string) => {
      throw new PatternError(at, `${key} needs ${what}`);
    };
    switch (key) {
      case "$any":
      case "$absent":
        if (arg !== true) fail("the value true");
        break;
      case "$type": {
        const list = Array.isArray(arg) ? arg : [arg];
        if (list.length === 0 || !list.every((t: Json) => typeof t === "string" && TYPES.includes(t))) {
          fail(`one of ${TYPES.join(", ")} (or an array of them)`);
        }
        break;
      }
      case "$regex":
        if (typeof arg !== "string") fail("a string");
        try {
          new RegExp(arg as string, "u");
        } catch (error) {
          throw new PatternError(at, `invalid regular expression: ${(error as Error).message}`);
        }
        break;
      case "$flags":
        if (arg !== "i" && arg !== "") fail('"i"');
        if (!Object.hasOwn(pattern, "$regex")) throw new PatternError(at, "$flags needs $regex beside it");
        break;
      case "$in":
        if (!Array.isArray(arg)) fail("an array of values");
        break;
      case "$anyOf":
      case "$allOf":
      case "$contains":
        if (!Array.isArray(arg) || arg.length === 0) fail("a non-empty array of patterns");
        for (const [i, item] of (arg as Json[]).entries()) checkPattern(item, [...at, i]);
        break;
      case "$gte":
      case "$gt":
      case "$lte":
      case "$lt":
        if (typeof arg !== "number") fail("a number");
        break;
      case "$capture":
      case "$equals":
        if (typeof arg !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/.test(arg)) {
          fail("a variable name");
        }
        if (key === "$capture" && (arg as string).includes(".")) fail("a plain variable name (no dots)");
        break;
      case "$match":
        if (!Object.hasOwn(pattern, "$capture"))
          throw new PatternError(at, "$match needs $capture beside it");
        checkPattern(arg, at);
        break;
      case "$literal":
        break;
      default:
        checkPattern(arg, at);
    }
  }
}
