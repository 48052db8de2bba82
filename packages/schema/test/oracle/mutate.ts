/**
 * Mutations of a valid instance, each meant to break it: a property removed, a value swapped for one
 * of another JSON type, a `const`/`enum` value swapped for one outside the allowed set. The caller
 * keeps only those upstream rejects (inside an anyOf a mutation may still match another branch).
 *
 * Replacements are never `null` and never non-integer numbers: our schema deliberately accepts
 * those where the spec's TypeScript allows any JSON value, while upstream's JSON export does not.
 */
import type { Generated, Json } from "./generate.js";

export interface Mutation {
  /** JSON pointer of the changed place ("" for the root). */
  readonly pointer: string;
  readonly description: string;
  readonly value: Json;
}

/** JSON pointer (RFC 6901) for a path of keys. */
export function pointerOf(path: readonly string[]): string {
  return path.map((s) => `/${s.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

const removeMarker = Symbol("remove");

/** A copy of `root` with the value at `path` replaced (or removed); untouched parts are shared. */
function withChange(root: Json, path: readonly string[], change: Json | typeof removeMarker): Json {
  const [head, ...tail] = path;
  if (head === undefined) {
    if (change === removeMarker) throw new Error("cannot remove the root");
    return change;
  }
  if (Array.isArray(root)) {
    const index = Number(head);
    const child = root[index];
    if (child === undefined) throw new Error(`no index ${head}`);
    const copy = [...root];
    if (tail.length === 0 && change === removeMarker) copy.splice(index, 1);
    else copy[index] = withChange(child, tail, change);
    return copy;
  }
  if (root === null || typeof root !== "object")
    throw new Error(`cannot descend into ${JSON.stringify(root)}`);
  const child = root[head];
  if (child === undefined) throw new Error(`no property ${head}`);
  const copy = { ...root };
  if (tail.length === 0 && change === removeMarker) delete copy[head];
  else copy[head] = withChange(child, tail, change);
  return copy;
}

function kindOf(value: Json): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}

/** Values of other JSON types to put in place of a value of this kind: one scalar, one container. */
const replacementsFor: Readonly<Record<string, readonly Json[]>> = {
  string: [12345, {}],
  number: ["mutated", []],
  boolean: ["mutated", {}],
  object: ["mutated", []],
  array: [true, {}],
  null: ["mutated", {}],
};

function outsideTheSet(allowed: readonly Json[]): Json {
  const taken = new Set(allowed.map((v) => JSON.stringify(v)));
  const candidates: Json[] = [];
  for (const v of allowed) {
    if (typeof v === "string") candidates.push(`${v}-not-allowed`);
    // An integer stays an integer so only the set membership is wrong.
    if (typeof v === "number") candidates.push(Math.trunc(v) + 1, Math.trunc(v) - 1);
    if (typeof v === "boolean") candidates.push(!v);
  }
  candidates.push("not-allowed");
  const found = candidates.find((c) => !taken.has(JSON.stringify(c)));
  if (found === undefined) throw new Error("no value outside the set");
  return found;
}

function* nodes(value: Json, path: readonly string[] = []): Generator<[readonly string[], Json]> {
  yield [path, value];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* nodes(item, [...path, String(i)]);
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) yield* nodes(item, [...path, key]);
  }
}

function brief(value: Json): string {
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Every mutation of one generated instance, in a fixed order. */
export function mutationsOf(generated: Generated): Mutation[] {
  const out: Mutation[] = [];
  for (const [path, node] of nodes(generated.value)) {
    const where = pointerOf(path) || "(root)";
    if (node !== null && typeof node === "object" && !Array.isArray(node)) {
      for (const key of Object.keys(node)) {
        out.push({
          pointer: pointerOf([...path, key]),
          description: `remove ${pointerOf([...path, key])}`,
          value: withChange(generated.value, [...path, key], removeMarker),
        });
      }
    }
    for (const replacement of replacementsFor[kindOf(node)] ?? []) {
      out.push({
        pointer: pointerOf(path),
        description: `replace ${where} (${kindOf(node)}) with ${brief(replacement)}`,
        value: withChange(generated.value, path, replacement),
      });
    }
  }
  for (const { path, allowed } of generated.restricted) {
    const replacement = outsideTheSet(allowed);
    out.push({
      pointer: pointerOf(path),
      description: `replace ${pointerOf(path) || "(root)"} (one of ${brief([...allowed])}) with ${brief(replacement)}`,
      value: withChange(generated.value, path, replacement),
    });
  }
  return out;
}
