import type { JsonSchema } from "./dsl.js";
import type { Definitions, RevisionSource } from "./revision.js";
import { revisionSources } from "./revisions/index.js";

const dialectUri = {
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
} as const;

/** One revision's complete JSON Schema document, as published. */
export interface BundledSchema {
  readonly revision: string;
  readonly dialect: RevisionSource["dialect"];
  readonly document: JsonSchema;
  /** Definition name → schema, with refs already rewritten for the dialect. */
  readonly definitions: Readonly<Record<string, JsonSchema>>;
}

function defsKey(dialect: RevisionSource["dialect"]): "$defs" | "definitions" {
  return dialect === "draft-07" ? "definitions" : "$defs";
}

/** Applies one revision's changes to the definitions of the revision before it. */
export function applyRevision(previous: Definitions, source: RevisionSource): Definitions {
  const problems: string[] = [];
  for (const name of Object.keys(source.added)) {
    if (name in previous) problems.push(`${name} is listed as added but already exists`);
  }
  for (const name of Object.keys(source.changed)) {
    if (!(name in previous)) problems.push(`${name} is listed as changed but did not exist`);
    if (name in source.added) problems.push(`${name} is listed as both added and changed`);
  }
  for (const name of source.removed) {
    if (!(name in previous)) problems.push(`${name} is listed as removed but did not exist`);
  }
  if (problems.length > 0) throw new Error(`revision ${source.revision}:\n  ${problems.join("\n  ")}`);
  const next: Record<string, JsonSchema> = { ...previous };
  for (const name of source.removed) delete next[name];
  Object.assign(next, source.added, source.changed);
  return next;
}

function rewriteRefs(node: unknown, key: string, known: ReadonlySet<string>, where: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, key, known, where));
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$ref" && typeof v === "string") {
      const name = v.replace(/^#\/\$defs\//, "");
      if (!known.has(name)) throw new Error(`${where}: $ref to unknown definition ${name}`);
      out[k] = `#/${key}/${name}`;
    } else {
      out[k] = rewriteRefs(v, key, known, where);
    }
  }
  return out;
}

function sortedByName(defs: Definitions): [string, JsonSchema][] {
  return Object.entries(defs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Bundles every revision, in order, into one JSON Schema document each. */
export function bundleAll(): BundledSchema[] {
  const bundles: BundledSchema[] = [];
  let defs: Definitions = {};
  for (const source of revisionSources) {
    defs = applyRevision(defs, source);
    const key = defsKey(source.dialect);
    const known = new Set(Object.keys(defs));
    const definitions: Record<string, JsonSchema> = {};
    for (const [name, schema] of sortedByName(defs)) {
      definitions[name] = rewriteRefs(schema, key, known, `${source.revision} ${name}`) as JsonSchema;
    }
    const document = {
      $schema: dialectUri[source.dialect],
      $id: `urn:mcpkit:schema:${source.revision}`,
      title: `Model Context Protocol ${source.revision}`,
      [key]: definitions,
    };
    bundles.push({ revision: source.revision, dialect: source.dialect, document, definitions });
  }
  return bundles;
}
