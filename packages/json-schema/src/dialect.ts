/** Which rules a schema is read by, from what its `$schema` names, and which vocabularies it uses. */
import type { JsonSchema, JsonSchemaDialect } from "./types.js";

const legacyPattern = /json-schema\.org\/draft-0[3-7]\/schema/;

/**
 * The dialect a schema's `$schema` names: draft-04, -06 and -07 read as draft-07, anything else
 * (2019-09, 2020-12, none) as 2020-12. `compileJsonSchema` uses it unless told a dialect.
 *
 * @example
 * ```ts
 * dialectOf({ $schema: "http://json-schema.org/draft-07/schema#" }); // "draft-07"
 * dialectOf({ type: "string" }); // "2020-12"
 * ```
 */
export function dialectOf(schema: JsonSchema): JsonSchemaDialect {
  const uri = typeof schema === "object" && typeof schema.$schema === "string" ? schema.$schema : "";
  return legacyPattern.test(uri) ? "draft-07" : "2020-12";
}

/**
 * Whether a schema's `$schema` names 2019-09, which is read by 2020-12 rules except for array-form
 * `items` with `additionalItems` (2020-12's `prefixItems` does not exist there).
 */
export function isDraft201909(schema: JsonSchema): boolean {
  return (
    typeof schema === "object" &&
    typeof schema.$schema === "string" &&
    schema.$schema.includes("/draft/2019-09/")
  );
}

/** The vocabularies of 2019-09 and 2020-12 this validator knows, by URI. */
const knownVocabularies = new Set(
  ["2019-09", "2020-12"].flatMap((draft) =>
    [
      "core",
      "applicator",
      "unevaluated",
      "validation",
      "meta-data",
      "format",
      "format-annotation",
      "format-assertion",
      "content",
    ].map((name) => `https://json-schema.org/draft/${draft}/vocab/${name}`),
  ),
);

/** What a custom meta-schema's `$vocabulary` turns on. */
export interface Vocabularies {
  /** Type, enum, const, bounds, lengths, pattern, counts, required (the validation vocabulary). */
  readonly validation: boolean;
  /** `format` is an assertion (the format-assertion vocabulary). */
  readonly formatAssertion: boolean;
}

export const defaultVocabularies: Vocabularies = { validation: true, formatAssertion: false };

/**
 * The vocabularies a meta-schema declares, or undefined when it declares none. Throws when it
 * requires (`true`) a vocabulary this validator does not know, as the specification asks.
 */
export function vocabulariesOf(
  metaSchema: unknown,
  fail: (message: string) => never,
): Vocabularies | undefined {
  if (typeof metaSchema !== "object" || metaSchema === null) return undefined;
  const declared = (metaSchema as Record<string, unknown>).$vocabulary;
  if (typeof declared !== "object" || declared === null || Array.isArray(declared)) return undefined;
  const names = Object.keys(declared);
  const unknown = names.find(
    (name) => (declared as Record<string, unknown>)[name] === true && !knownVocabularies.has(name),
  );
  if (unknown !== undefined) {
    fail(`its meta-schema requires the vocabulary ${JSON.stringify(unknown)}, which is not supported`);
  }
  return {
    validation: names.some((name) => name.endsWith("/vocab/validation")),
    formatAssertion: names.some((name) => name.endsWith("/vocab/format-assertion")),
  };
}
