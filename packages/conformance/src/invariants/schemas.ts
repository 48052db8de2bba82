import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { Json } from "../model/json.js";

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

/** A compiled schema, or why it does not compile. */
export type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; error: string };

const ajv2020 = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
const ajv07 = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const cache = new Map<string, Compiled>();
/** Bounded: a server could publish a fresh schema on every call. */
const MAX_CACHED = 500;

/**
 * Compiles a schema a server published, in its declared dialect (2020-12 when it names none, as
 * 2025-11-25 says). Ajv, not the SDK's validator: the runner must not share the SDK's mistakes.
 */
export function compileSchema(schema: Json): Compiled {
  const text = JSON.stringify(schema);
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  let compiled: Compiled;
  try {
    const dialect =
      typeof schema === "object" && schema !== null && !Array.isArray(schema) ? schema.$schema : undefined;
    const ajv = typeof dialect === "string" && DRAFT_07.test(dialect) ? ajv07 : ajv2020;
    const copy = JSON.parse(text) as object;
    // Schemas of different tools may reuse one $id: compile each on its own.
    if (typeof copy === "object" && copy !== null && "$id" in copy) delete (copy as { $id?: unknown }).$id;
    compiled = { ok: true, validate: ajv.compile(copy) };
  } catch (error) {
    compiled = { ok: false, error: (error as Error).message };
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(text, compiled);
  return compiled;
}

/** The first validation error of the last `validate` call, as `path: message`. */
export function firstError(validate: ValidateFunction): string {
  const error = validate.errors?.[0];
  if (error === undefined) return "does not match";
  return `${error.instancePath || "(root)"} ${error.message ?? "does not match"}`;
}

/** The output schemas of the tools a server listed (by tool name), bounded. */
export class ToolCatalogue {
  private readonly outputs = new Map<string, Json>();

  remember(name: string, outputSchema: Json | undefined): void {
    if (outputSchema === undefined) this.outputs.delete(name);
    else if (this.outputs.size < 1000 || this.outputs.has(name)) this.outputs.set(name, outputSchema);
  }

  outputSchema(name: string): Json | undefined {
    return this.outputs.get(name);
  }
}
