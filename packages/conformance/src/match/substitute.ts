import { type Json, isObject } from "../model/json.js";

/** Raised when a `{{name}}` refers to a variable that is not bound. */
export class UnknownVariableError extends Error {
  constructor(readonly variable: string) {
    super(`unknown variable "${variable}"`);
    this.name = "UnknownVariableError";
  }
}

/** Looks a dotted variable name up; `undefined` when it is not bound. */
export type VariableLookup = (name: string) => Json | undefined;

const WHOLE = /^\{\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\}\}$/;
const INNER = /\{\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\}\}/g;

/** Resolves `a.b.0.c` against a map of variables. */
export function lookupPath(variables: ReadonlyMap<string, Json>, name: string): Json | undefined {
  const [head, ...rest] = name.split(".");
  let value: Json | undefined = variables.get(head ?? "");
  for (const segment of rest) {
    if (Array.isArray(value) && /^\d+$/.test(segment)) value = value[Number(segment)];
    else if (isObject(value) && Object.hasOwn(value, segment)) value = value[segment];
    else return undefined;
  }
  return value;
}

function text(value: Json): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Replaces `{{name}}` in every string of `value` (keys excluded; `$literal` contents untouched).
 * When `asPattern` is set, a whole-string substitution that yields an object or array is wrapped
 * in `$literal`, so an inserted value is compared as a value, never read as a pattern.
 */
export function substitute(value: Json, lookup: VariableLookup, asPattern = false): Json {
  if (typeof value === "string") {
    const whole = WHOLE.exec(value);
    if (whole?.[1] !== undefined) {
      const found = lookup(whole[1]);
      if (found === undefined) throw new UnknownVariableError(whole[1]);
      return asPattern && typeof found === "object" && found !== null ? { $literal: found } : found;
    }
    return value.replace(INNER, (_all, name: string) => {
      const found = lookup(name);
      if (found === undefined) throw new UnknownVariableError(name);
      return text(found);
    });
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, lookup, asPattern));
  if (isObject(value)) {
    if (asPattern && Object.hasOwn(value, "$literal")) return value;
    const out: { [key: string]: Json } = {};
    for (const [key, item] of Object.entries(value)) out[key] = substitute(item, lookup, asPattern);
    return out;
  }
  return value;
}
