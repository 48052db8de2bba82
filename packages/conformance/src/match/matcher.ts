import { type Json, deepEqual, isObject, show } from "../model/json.js";
import { type JsonPath, formatPath } from "./path.js";
import { PatternError, isMatcher } from "./pattern-check.js";
import type { VariableLookup } from "./substitute.js";
import { parseWwwAuthenticate } from "./www-authenticate.js";

/** The first place where a value did not match its pattern. */
export interface Mismatch {
  path: JsonPath;
  /** What the pattern wanted, in words: `"x"`, `a string`, `no key`. */
  expected: string;
  /** What was there (`undefined`: nothing). */
  actual: Json | undefined;
}

/** A value matched by a wildcard, hidden in reports so they do not depend on random values. */
export interface Mask {
  path: JsonPath;
  label: string;
}

/** Outcome of matching one value against one pattern. */
export interface MatchResult {
  ok: boolean;
  /** Variables bound by `$capture` (only meaningful when `ok`). */
  captures: Map<string, Json>;
  mismatch?: Mismatch;
  masks: Mask[];
}

/** Options of one match. */
export interface MatchOptions {
  mode?: "partial" | "exact";
  /** Variables for `$equals`. */
  lookup?: VariableLookup;
}

interface State {
  mode: "partial" | "exact";
  lookup: VariableLookup;
  captures: Map<string, Json>;
  masks: Mask[];
  mismatch: Mismatch | undefined;
}

/**
 * Matches a value against a pattern (docs/conformance-format.md §5). The pattern must already be
 * substituted. Throws PatternError for a malformed pattern.
 * @example
 * match({ id: 1, result: { $capture: "result" } }, { jsonrpc: "2.0", id: 1, result: {} }).ok; // true
 */
export function match(pattern: Json, value: Json | undefined, options: MatchOptions = {}): MatchResult {
  const state: State = {
    mode: options.mode ?? "partial",
    lookup: options.lookup ?? (() => undefined),
    captures: new Map(),
    masks: [],
    mismatch: undefined,
  };
  const ok = walk(pattern, value, [], state);
  const result: MatchResult = { ok, captures: state.captures, masks: state.masks };
  if (!ok) result.mismatch = state.mismatch ?? { path: [], expected: show(pattern), actual: value };
  return result;
}

function fork(state: State): State {
  return { ...state, captures: new Map(state.captures), masks: [], mismatch: undefined };
}

function miss(state: State, path: JsonPath, expected: string, actual: Json | undefined): false {
  state.mismatch ??= { path, expected, actual };
  return false;
}

function typeOf(value: Json): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function hasType(value: Json, type: string): boolean {
  if (type === "integer") return typeof value === "number" && Number.isInteger(value);
  return typeOf(value) === type;
}

function walk(pattern: Json, value: Json | undefined, path: JsonPath, state: State): boolean {
  if (isMatcher(pattern, path)) return walkMatcher(pattern as { [key: string]: Json }, value, path, state);
  if (value === undefined) return miss(state, path, show(pattern), undefined);
  if (Array.isArray(pattern)) {
    if (!Array.isArray(value)) return miss(state, path, `an array of ${pattern.length}`, value);
    if (value.length !== pattern.length) {
      return miss(state, path, `an array of ${pattern.length} element(s)`, value);
    }
    let ok = true;
    pattern.forEach((item, i) => {
      ok = walk(item, value[i], [...path, i], state) && ok;
    });
    return ok;
  }
  if (isObject(pattern)) {
    if (!isObject(value)) return miss(state, path, "an object", value);
    let ok = true;
    for (const [key, item] of Object.entries(pattern)) {
      const present = Object.hasOwn(value, key);
      const member = isMatcher(item, [...path, key]) ? (item as { [key: string]: Json }) : undefined;
      if (member && Object.hasOwn(member, "$absent")) {
        if (present) ok = miss(state, [...path, key], "no such key", value[key]);
        continue;
      }
      if (member && Object.hasOwn(member, "$optional")) {
        if (present) ok = walk(member.$optional as Json, value[key], [...path, key], state) && ok;
        continue;
      }
      if (!present) {
        ok = miss(state, [...path, key], describe(item), undefined);
        continue;
      }
      ok = walk(item, value[key], [...path, key], state) && ok;
    }
    if (state.mode === "exact") {
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(pattern, key))
          ok = miss(state, [...path, key], "no such key (exact match)", value[key]);
      }
    }
    return ok;
  }
  if (deepEqual(pattern, value)) return true;
  return miss(state, path, show(pattern), value);
}

/** Short words for what a pattern wants, used when the value is missing. */
function describe(pattern: Json): string {
  if (!isObject(pattern) || !Object.keys(pattern).some((k) => k.startsWith("$"))) return show(pattern);
  if (typeof pattern.$type === "string") return `a value of type ${pattern.$type}`;
  if (pattern.$capture !== undefined || pattern.$any !== undefined) return "a value";
  return show(pattern);
}

function walkMatcher(
  pattern: { [key: string]: Json },
  value: Json | undefined,
  path: JsonPath,
  state: State,
) {
  if (Object.hasOwn(pattern, "$absent")) {
    return value === undefined ? true : miss(state, path, "no value", value);
  }
  if (Object.hasOwn(pattern, "$optional")) {
    return value === undefined ? true : walk(pattern.$optional as Json, value, path, state);
  }
  if (value === undefined) return miss(state, path, describe(pattern), undefined);
  let ok = true;
  let wildcard: string | undefined;
  for (const [key, arg] of Object.entries(pattern)) {
    if (!ok) break;
    switch (key) {
      case "$any":
        wildcard ??= "<any>";
        break;
      case "$type": {
        const types = (Array.isArray(arg) ? arg : [arg]) as string[];
        if (!types.some((t) => hasType(value, t)))
          ok = miss(state, path, `a value of type ${types.join(" or ")}`, value);
        break;
      }
      case "$regex": {
        const flags = pattern.$flags === "i" ? "iu" : "u";
        if (typeof value !== "string" || !new RegExp(arg as string, flags).test(value)) {
          ok = miss(
            state,
            path,
            `a string matching /${arg as string}/${pattern.$flags === "i" ? "i" : ""}`,
            value,
          );
        }
        break;
      }
      case "$flags":
        break;
      case "$in":
        if (!(arg as Json[]).some((candidate) => deepEqual(candidate, value))) {
          ok = miss(state, path, `one of ${(arg as Json[]).map(show).join(", ")}`, value);
        }
        break;
      case "$anyOf":
        ok = anyOf(arg as Json[], value, path, state);
        break;
      case "$allOf":
        for (const item of arg as Json[]) ok = walk(item, value, path, state) && ok;
        break;
      case "$not": {
        const trial = fork(state);
        if (walk(arg, value, path, trial)) ok = miss(state, path, `not ${show(arg)}`, value);
        break;
      }
      case "$gte":
      case "$gt":
      case "$lte":
      case "$lt":
        ok = compare(key, arg as number, value, path, state);
        break;
      case "$length": {
        const length =
          typeof value === "string" ? [...value].length : Array.isArray(value) ? value.length : undefined;
        if (length === undefined) ok = miss(state, path, "a string or an array", value);
        else {
          const trial = fork(state);
          if (!walk(arg, length, [], trial)) ok = miss(state, path, `a length of ${show(arg)}`, value);
        }
        break;
      }
      case "$contains":
        ok = contains(arg as Json[], value, path, state);
        break;
      case "$each":
        if (!Array.isArray(value)) ok = miss(state, path, "an array", value);
        else for (const [i, item] of value.entries()) ok = walk(arg, item, [...path, i], state) && ok;
        break;
      case "$json": {
        if (typeof value !== "string") {
          ok = miss(state, path, "a string holding JSON", value);
          break;
        }
        let parsed: Json;
        try {
          parsed = JSON.parse(value) as Json;
        } catch {
          ok = miss(state, path, "a string holding JSON", value);
          break;
        }
        const inner = fork(state);
        ok = walk(arg, parsed, [], inner);
        if (ok) for (const [k, v] of inner.captures) state.captures.set(k, v);
        else {
          const m = inner.mismatch;
          miss(
            state,
            path,
            `JSON text where ${m ? formatPath(m.path) : "$"} is ${m?.expected ?? show(arg)}`,
            value,
          );
        }
        break;
      }
      case "$wwwAuthenticate": {
        const parsed = typeof value === "string" ? parseWwwAuthenticate(value) : undefined;
        if (parsed === undefined) {
          ok = miss(state, path, "a WWW-Authenticate header value", value);
          break;
        }
        const inner = fork(state);
        ok = walk(arg, parsed as unknown as Json, [], inner);
        if (ok) for (const [k, v] of inner.captures) state.captures.set(k, v);
        else {
          const m = inner.mismatch;
          miss(
            state,
            path,
            `a challenge list where ${m ? formatPath(m.path) : "$"} is ${m?.expected ?? show(arg)}`,
            value,
          );
        }
        break;
      }
      case "$exact":
      case "$partial": {
        const mode = state.mode;
        state.mode = key === "$exact" ? "exact" : "partial";
        ok = walk(arg, value, path, state);
        state.mode = mode;
        break;
      }
      case "$literal":
        if (!deepEqual(arg, value)) ok = miss(state, path, show(arg), value);
        break;
      case "$equals": {
        const expected = state.lookup(arg as string);
        if (expected === undefined || !deepEqual(expected, value)) {
          ok = miss(
            state,
            path,
            expected === undefined ? `variable ${arg as string} (unbound)` : show(expected),
            value,
          );
        }
        break;
      }
      case "$capture":
        if (Object.hasOwn(pattern, "$match")) ok = walk(pattern.$match as Json, value, path, state);
        if (ok) {
          state.captures.set(arg as string, value);
          wildcard = `<captured:${arg as string}>`;
        }
        break;
      case "$match":
        break;
      default:
        throw new PatternError(path, `unknown matcher "${key}"`);
    }
  }
  if (ok && wildcard !== undefined) state.masks.push({ path, label: wildcard });
  return ok;
}

function compare(op: string, bound: number, value: Json, path: JsonPath, state: State): boolean {
  const words: Record<string, string> = { $gte: ">=", $gt: ">", $lte: "<=", $lt: "<" };
  const okay =
    typeof value === "number" &&
    (op === "$gte"
      ? value >= bound
      : op === "$gt"
        ? value > bound
        : op === "$lte"
          ? value <= bound
          : value < bound);
  return okay ? true : miss(state, path, `a number ${words[op]} ${bound}`, value);
}

function anyOf(options: Json[], value: Json, path: JsonPath, state: State): boolean {
  let best: Mismatch | undefined;
  for (const option of options) {
    const trial = fork(state);
    if (walk(option, value, path, trial)) {
      state.captures = trial.captures;
      state.masks.push(...trial.masks);
      return true;
    }
    if (trial.mismatch && (!best || trial.mismatch.path.length > best.path.length)) best = trial.mismatch;
  }
  if (best) {
    return miss(
      state,
      best.path,
      `${best.expected} (closest of ${options.length} alternatives)`,
      best.actual,
    );
  }
  return miss(state, path, `one of ${options.length} alternatives`, value);
}

/** Each pattern must match a distinct element: bipartite matching by augmenting paths. */
function contains(patterns: Json[], value: Json, path: JsonPath, state: State): boolean {
  if (!Array.isArray(value)) return miss(state, path, "an array", value);
  const fits = patterns.map((p) => value.map((item, j) => walk(p, item, [...path, j], fork(state))));
  const owner: (number | undefined)[] = value.map(() => undefined);
  const assign = (i: number, seen: Set<number>): boolean => {
    for (let j = 0; j < value.length; j++) {
      if (!fits[i]?.[j] || seen.has(j)) continue;
      seen.add(j);
      const current = owner[j];
      if (current === undefined || assign(current, seen)) {
        owner[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < patterns.length; i++) {
    if (!assign(i, new Set())) {
      return miss(state, path, `an array with an element matching ${show(patterns[i] as Json)}`, value);
    }
  }
  // Replay the chosen pairs on the real state to keep their captures and masks.
  owner.forEach((i, j) => {
    if (i !== undefined) walk(patterns[i] as Json, value[j], [...path, j], state);
  });
  return true;
}

/** A copy of `value` with masked paths replaced by their labels. */
export function applyMasks(value: Json, masks: readonly Mask[]): Json {
  let out = structuredClone(value);
  for (const mask of masks) {
    if (mask.path.length === 0) {
      out = mask.label;
      continue;
    }
    let node: Json | undefined = out;
    for (const segment of mask.path.slice(0, -1)) {
      node = node === null || typeof node !== "object" ? undefined : (node as Record<string, Json>)[segment];
    }
    const last = mask.path[mask.path.length - 1] as string | number;
    if (node !== null && typeof node === "object" && Object.hasOwn(node, last)) {
      (node as Record<string, Json>)[last] = mask.label;
    }
  }
  return out;
}

/** One line: `$.result.x: expected "a", got "b"`. */
export function formatMismatch(mismatch: Mismatch): string {
  const got = show(mismatch.actual);
  const clipped = got.length > MAX_SHOWN ? `${got.slice(0, MAX_SHOWN)}…` : got;
  return `${formatPath(mismatch.path)}: expected ${mismatch.expected}, got ${clipped}`;
}

/** How much of a value a mismatch line shows (the full message is in the report's `actual`). */
const MAX_SHOWN = 300;
