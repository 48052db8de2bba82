import { truncateEcho } from "@mcpkit/core";
import type { JsonSchema, SchemaIssue } from "./json-schema.js";

/**
 * The Standard Schema v1 interface (https://standardschema.dev), declared here so that no schema
 * library is a dependency: zod 4, valibot 1, ArkType and hand-written validators all implement it.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    /** Checks `value`: the parsed value, or the issues found. */
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** What a Standard Schema's `validate` returns: the (parsed) value, or the issues. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] };

/** One problem a Standard Schema found, with the path to it when it knows. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}

/** The value a Standard Schema produces (`unknown` when it declares no types). */
export type StandardOutput<Schema extends StandardSchemaV1> = NonNullable<
  Schema["~standard"]["types"]
>["output"];

/** The value a Standard Schema accepts (`unknown` when it declares no types). */
export type StandardInput<Schema extends StandardSchemaV1> = NonNullable<
  Schema["~standard"]["types"]
>["input"];

/** Which side of a schema to describe: what it accepts (`input`) or what it produces (`output`). */
export type SchemaSide = "input" | "output";

/**
 * Turns a Standard Schema into the JSON Schema that `tools/list` serves (`input` for a tool's
 * arguments, `output` for its structured content).
 *
 * @example
 * ```ts
 * import { toJsonSchema } from "@valibot/to-json-schema";
 * import type * as v from "valibot";
 * import { z } from "zod";
 *
 * // zod 4
 * const fromZod: ToJsonSchema = (schema, io) => z.toJSONSchema(schema as z.ZodType, { io });
 * // valibot, with @valibot/to-json-schema
 * const fromValibot: ToJsonSchema = (schema) => ({ ...toJsonSchema(schema as v.GenericSchema) });
 * ```
 */
export type ToJsonSchema = (schema: StandardSchemaV1, io: SchemaSide) => JsonSchema;

/** The outcome of parsing a value: the schema's output, or the first issue. */
export type Parsed =
  | { readonly value: unknown; readonly issue?: undefined }
  | { readonly issue: SchemaIssue };

/** Whether a value implements Standard Schema v1. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if (typeof value !== "object" && typeof value !== "function") return false;
  const props = (value as { "~standard"?: { version?: unknown; validate?: unknown } } | null)?.["~standard"];
  return props?.version === 1 && typeof props.validate === "function";
}

function pointerOf(path: StandardIssue["path"]): string {
  return (path ?? [])
    .map((segment) => {
      const key = typeof segment === "object" && segment !== null ? segment.key : segment;
      return `/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`;
    })
    .join("");
}

/** A parse function over a Standard Schema: its first issue names the field by JSON pointer. */
export function standardParser(schema: StandardSchemaV1): (value: unknown) => Promise<Parsed> {
  return async (value) => {
    const result = await schema["~standard"].validate(value);
    if (result.issues === undefined) return { value: result.value };
    const first = result.issues[0];
    // Both may repeat what the client sent (a key, a value): errors carry them bounded.
    const pointer = truncateEcho(pointerOf(first?.path));
    const text = truncateEcho(first?.message ?? "is invalid");
    return { issue: { pointer, message: `${pointer === "" ? "(root)" : pointer}: ${text}` } };
  };
}

type Converter = (options: { readonly target: string }) => JsonSchema;

/** The Standard JSON Schema converter some libraries add to `~standard` (zod 4.2 and later). */
interface StandardJsonSchemaProps {
  readonly jsonSchema?: { readonly input?: Converter; readonly output?: Converter };
}

/**
 * The JSON Schema to serve for a Standard Schema: `given` if set, else the hook's answer, else the
 * schema's own Standard JSON Schema converter (zod 4.2+ has one); otherwise registration fails.
 */
export function jsonSchemaOf(
  schema: StandardSchemaV1,
  io: SchemaSide,
  given: JsonSchema | undefined,
  hook: ToJsonSchema | undefined,
  what: string,
): JsonSchema {
  if (given) return given;
  if (hook) return hook(schema, io);
  const convert = (schema["~standard"] as StandardJsonSchemaProps).jsonSchema?.[io];
  if (typeof convert === "function") return convert({ target: "draft-2020-12" });
  throw new TypeError(
    `${what}: its ${io} ${schema["~standard"].vendor} schema needs a JSON Schema to serve: give one, or a toJsonSchema hook (per tool or in the Server options)`,
  );
}
