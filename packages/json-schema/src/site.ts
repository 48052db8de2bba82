/** What a keyword compiler sees of the schema it is in: its value, where it is, how to compile what is under it. */
import type { CompiledNode, Resource } from "./internal.js";
import type { JsonSchemaDialect, JsonSchemaRegex, JsonSchemaRegexFactory } from "./types.js";

export interface SchemaSite {
  readonly schema: Readonly<Record<string, unknown>>;
  readonly dialect: JsonSchemaDialect;
  /** `items` may be an array, with `additionalItems` for the rest (draft-07 and 2019-09), and there is no `prefixItems`. */
  readonly arrayItems: boolean;
  /** Whether the validation vocabulary applies (type, enum, bounds...): off only under a custom 2020-12 meta-schema without it. */
  readonly validation: boolean;
  readonly assertFormats: boolean;
  /** Compiles `pattern` and `patternProperties`. */
  readonly regex: JsonSchemaRegexFactory;
  /** Whether validators track the dynamic scope (the document uses `$dynamicRef`). */
  readonly usesDynamicRef: boolean;
  /** The schema path of a keyword (and deeper tokens) here: "#/properties/a/maxLength". */
  path(...tokens: string[]): string;
  /** Compiles the subschema found at `tokens` below this schema. */
  sub(value: unknown, ...tokens: string[]): CompiledNode;
  /** Compiles what a `$ref` (or `$dynamicRef`) here points at; throws when it points nowhere. */
  ref(reference: string, keyword: string): CompiledNode;
  /** Every resource of the document (for `$dynamicRef`). */
  readonly resources: ReadonlyMap<string, Resource>;
  /** Throws the TypeError for a malformed keyword here. */
  fail(keyword: string, message: string): never;
}

export function nonNegativeInteger(site: SchemaSite, keyword: string): number | undefined {
  const value = site.schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    site.fail(keyword, "must be a non-negative integer");
  }
  return value;
}

export function finiteNumber(site: SchemaSite, keyword: string): number | undefined {
  const value = site.schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) site.fail(keyword, "must be a number");
  return value;
}

export function stringList(
  site: SchemaSite,
  keyword: string,
  value = site.schema[keyword],
): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    site.fail(keyword, "must be an array of strings");
  }
  return value as string[];
}

export function schemaMap(site: SchemaSite, keyword: string): [string, CompiledNode][] | undefined {
  const value = site.schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    site.fail(keyword, "must be an object of schemas");
  }
  return Object.entries(value).map(([name, sub]) => [name, site.sub(sub, keyword, name)]);
}

export function schemaList(site: SchemaSite, keyword: string): CompiledNode[] | undefined {
  const value = site.schema[keyword];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0) site.fail(keyword, "must be a non-empty array of schemas");
  return value.map((sub, index) => site.sub(sub, keyword, String(index)));
}

/** A pattern compiled now (by the `regex` option's engine), so a bad one fails the compile, naming where. */
export function regex(site: SchemaSite, keyword: string, source: unknown): JsonSchemaRegex {
  if (typeof source !== "string") site.fail(keyword, "must be a string (a regular expression)");
  try {
    return site.regex(source, "u");
  } catch (error) {
    return site.fail(
      keyword,
      `${JSON.stringify(source)} is not a valid regular expression: ${(error as Error).message}`,
    );
  }
}

/** The default regex engine: JavaScript's own, which backtracks. */
export const nativeRegex: JsonSchemaRegexFactory = (source, flags) => new RegExp(source, flags);
