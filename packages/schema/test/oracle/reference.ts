/**
 * Loads the upstream reference (schemas and examples) and compiles it with ajv the way upstream
 * compiles cleanly: strict, union types allowed, ajv-formats. Everything here reads the reference
 * in place; nothing is copied into the repository.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { referenceDir } from "../../scripts/lib/reference.js";
import type { Revision } from "../../src/revisions.js";

/** A JSON Schema node as read from the reference. */
export type SchemaNode = { readonly [keyword: string]: unknown };

export type Dialect = "draft-07" | "2020-12";

export interface UpstreamRevision {
  readonly revision: Revision;
  readonly dialect: Dialect;
  /** Definition name → schema, as published upstream. */
  readonly definitions: Readonly<Record<string, SchemaNode>>;
  /** Upstream's verdict for one definition. */
  validator(name: string): ValidateFunction;
}

/** One upstream example: its folder names the definition it is an instance of. */
export interface UpstreamExample {
  readonly typeName: string;
  readonly file: string;
  readonly value: unknown;
}

/** The revision that ships upstream examples. */
export const examplesRevision: Revision = "2026-07-28";

/**
 * The reference directory, or undefined when it is absent and the oracle tests skip. The one line
 * that explains the skip is printed once per run by `global-setup.ts`, not once per file.
 */
export function referenceOrExplain(): string | undefined {
  return referenceDir();
}

export function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const cache = new Map<string, UpstreamRevision>();

/** Reads and compiles one revision's upstream schema (cached per process). */
export function loadUpstream(dir: string, revision: Revision): UpstreamRevision {
  const key = `${dir}\0${revision}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const document: unknown = JSON.parse(readFileSync(join(dir, revision, "schema.json"), "utf8"));
  if (!isSchemaNode(document)) throw new Error(`${revision}: reference schema is not an object`);
  const dialect: Dialect = String(document.$schema).includes("2020-12") ? "2020-12" : "draft-07";
  const defsKey = dialect === "2020-12" ? "$defs" : "definitions";
  const defs = document[defsKey];
  if (!isSchemaNode(defs)) throw new Error(`${revision}: reference schema has no ${defsKey}`);
  const definitions: Record<string, SchemaNode> = {};
  for (const [name, schema] of Object.entries(defs)) {
    if (!isSchemaNode(schema)) throw new Error(`${revision}: definition ${name} is not a schema`);
    definitions[name] = schema;
  }
  const options = { strict: true, allowUnionTypes: true, allErrors: false } as const;
  const ajv = dialect === "2020-12" ? new Ajv2020(options) : new Ajv(options);
  formats.default(ajv);
  // The reference has no $id; give it one so each definition can be addressed by pointer.
  const id = `urn:reference:${revision}`;
  ajv.addSchema({ ...document, $id: id });
  const validators = new Map<string, ValidateFunction>();
  const upstream: UpstreamRevision = {
    revision,
    dialect,
    definitions,
    validator(name) {
      let fn = validators.get(name);
      if (!fn) {
        fn = ajv.getSchema(`${id}#/${defsKey}/${name}`);
        if (!fn) throw new Error(`${revision}: upstream has no definition ${name}`);
        validators.set(name, fn);
      }
      return fn;
    },
  };
  cache.set(key, upstream);
  return upstream;
}

/** Every upstream example, sorted by folder then file so runs are deterministic. */
export function loadExamples(dir: string): UpstreamExample[] {
  const root = join(dir, examplesRevision, "examples");
  const examples: UpstreamExample[] = [];
  for (const typeName of readdirSync(root).sort()) {
    for (const file of readdirSync(join(root, typeName)).sort()) {
      if (!file.endsWith(".json")) continue;
      const value: unknown = JSON.parse(readFileSync(join(root, typeName, file), "utf8"));
      examples.push({ typeName, file: `${typeName}/${file}`, value });
    }
  }
  return examples;
}

/** The reference directory inside a test that only runs when it exists. */
export function present(dir: string | undefined): string {
  if (dir === undefined)
    throw new Error("the reference directory is missing; this test should have been skipped");
  return dir;
}
