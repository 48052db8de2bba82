/**
 * Development aid: compares our bundled definitions with the upstream reference schema, ignoring
 * descriptions and key order, and prints what differs. Reads ../shared/reference (or
 * MCPKIT_REFERENCE_DIR). Usage: tsx scripts/diff-reference.ts <revision> [--on-reference] [Definition ...]
 *
 * --on-reference applies only this revision's changes on top of the upstream definitions of the
 * revision before it, so one revision's changes can be checked before the earlier ones are written.
 */
import { readFileSync } from "node:fs";
import { applyRevision, bundleAll } from "../source/bundle.js";
import type { JsonSchema } from "../source/dsl.js";
import { revisionSources } from "../source/revisions/index.js";
import { referenceDir } from "./lib/reference.js";

function normalise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node).sort()) {
    const value = (node as Record<string, unknown>)[key];
    if (key === "description") continue;
    if (key === "properties" && value && typeof value === "object" && Object.keys(value).length === 0) continue;
    if (key === "required" && Array.isArray(value)) {
      out[key] = [...value].sort();
      continue;
    }
    if (key === "additionalProperties" && value === true) {
      out[key] = {};
      continue;
    }
    if (key === "$ref" && typeof value === "string") {
      out[key] = value.replace(/^#\/(\$defs|definitions)\//, "#");
      continue;
    }
    out[key] = normalise(value);
  }
  return out;
}

const args = process.argv.slice(2);
const onReference = args.includes("--on-reference");
const [revision, ...only] = args.filter((a) => a !== "--on-reference");
const dir = referenceDir();
if (!revision || !dir) {
  console.error("usage: tsx scripts/diff-reference.ts <revision> [Definition ...] (needs ../shared/reference)");
  process.exit(2);
}
function upstreamDefinitions(rev: string): Record<string, JsonSchema> {
  const doc = JSON.parse(readFileSync(`${dir}/${rev}/schema.json`, "utf8"));
  return doc.$defs ?? doc.definitions;
}

function oursOnReference(rev: string): Record<string, JsonSchema> {
  const index = revisionSources.findIndex((s) => s.revision === rev);
  const source = revisionSources[index];
  if (!source) throw new Error(`unknown revision ${rev}`);
  const previous = revisionSources[index - 1];
  const base = previous
    ? (JSON.parse(
        JSON.stringify(upstreamDefinitions(previous.revision)).replace(/#\/definitions\//g, "#/$defs/"),
      ) as Record<string, JsonSchema>)
    : {};
  return { ...applyRevision(base, source) };
}

const upstream = upstreamDefinitions(revision);
const ours = onReference
  ? oursOnReference(revision)
  : (bundleAll().find((b) => b.revision === revision)?.definitions ?? {});
const names = only.length > 0 ? only : [...new Set([...Object.keys(upstream), ...Object.keys(ours)])].sort();
let differences = 0;
for (const name of names) {
  if (!(name in ours)) {
    console.log(`MISSING  ${name}`);
    differences++;
  } else if (!(name in upstream)) {
    console.log(`EXTRA    ${name}`);
    differences++;
  } else {
    const a = JSON.stringify(normalise(ours[name]));
    const b = JSON.stringify(normalise(upstream[name]));
    if (a !== b) {
      differences++;
      console.log(`DIFFERS  ${name}\n  ours:     ${a}\n  upstream: ${b}`);
    }
  }
}
console.log(
  `${revision}: ${Object.keys(ours).length} ours, ${Object.keys(upstream).length} upstream, ${differences} differences`,
);
