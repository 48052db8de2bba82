/**
 * Compares our bundled definitions with the upstream reference schema, ignoring descriptions,
 * key order and spellings that mean the same (`additionalProperties: true` vs `{}`).
 */
import { readFileSync } from "node:fs";
import { divergenceFor } from "../../source/divergences.js";
import type { JsonSchema } from "../../source/dsl.js";

export interface Comparison {
  readonly missing: string[];
  readonly extra: string[];
  /** Definitions that differ with no documented reason. */
  readonly differing: { name: string; ours: string; upstream: string }[];
  /** Definitions that differ for a documented reason. */
  readonly deliberate: { name: string; reason: string }[];
}

function normalise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node).sort()) {
    const value = (node as Record<string, unknown>)[key];
    if (key === "description" && typeof value === "string") continue;
    if (key === "properties" && value && typeof value === "object" && Object.keys(value).length === 0)
      continue;
    if (key === "properties" && value && typeof value === "object") {
      out[key] = Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((name) => [name, normalise((value as Record<string, unknown>)[name])]),
      );
      continue;
    }
    if (key === "required" && Array.isArray(value)) out[key] = [...value].sort();
    else if (key === "additionalProperties" && value === true) out[key] = {};
    else if (key === "$ref" && typeof value === "string")
      out[key] = value.replace(/^#\/(\$defs|definitions)\//, "#");
    else out[key] = normalise(value);
  }
  return out;
}

/** The definitions of an upstream schema file. */
export function upstreamDefinitions(referenceDir: string, revision: string): Record<string, JsonSchema> {
  const doc = JSON.parse(readFileSync(`${referenceDir}/${revision}/schema.json`, "utf8"));
  return doc.$defs ?? doc.definitions;
}

export function compareDefinitions(
  revision: string,
  ours: Readonly<Record<string, JsonSchema>>,
  upstream: Readonly<Record<string, JsonSchema>>,
): Comparison {
  const result: Comparison = { missing: [], extra: [], differing: [], deliberate: [] };
  const names = [...new Set([...Object.keys(upstream), ...Object.keys(ours)])].sort();
  for (const name of names) {
    const mine = ours[name];
    const theirs = upstream[name];
    if (!mine) result.missing.push(name);
    else if (!theirs) result.extra.push(name);
    else {
      const a = JSON.stringify(normalise(mine));
      const b = JSON.stringify(normalise(theirs));
      if (a === b) continue;
      const divergence = divergenceFor(revision, name);
      if (divergence) result.deliberate.push({ name, reason: divergence.reason });
      else result.differing.push({ name, ours: a, upstream: b });
    }
  }
  return result;
}
