/**
 * A JSON Schema: an object of keywords, or `true` (anything is valid) or `false` (nothing is).
 *
 * @example
 * ```ts
 * const schema: JsonSchema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
 * ```
 */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/**
 * The first problem found in a value.
 *
 * @example
 * ```ts
 * const issue: JsonSchemaIssue = {
 *   pointer: "/n",
 *   keyword: "required",
 *   schemaPath: "#/required",
 *   message: "is required",
 * };
 * ```
 */
export interface JsonSchemaIssue {
  /** JSON pointer into the value: where the problem is ("" for the value itself). */
  readonly pointer: string;
  /** The keyword that failed (`"false"` for a `false` schema, `"maxDepth"` past the depth limit). */
  readonly keyword: string;
  /** Where that keyword is in the schema, as a URI fragment of JSON pointer ("#/properties/n/type"). */
  readonly schemaPath: string;
  /** What is wrong, in a phrase that reads after the pointer ("must be integer"). */
  readonly message: string;
}

/**
 * Checks a value: undefined when it is valid, otherwise the first issue found.
 *
 * @example
 * ```ts
 * const validate: JsonSchemaValidator = compileJsonSchema({ type: "string" });
 * validate(1); // { pointer: "", keyword: "type", schemaPath: "#/type", message: "must be string" }
 * ```
 */
export type JsonSchemaValidator = (value: unknown) => JsonSchemaIssue | undefined;

/**
 * The rules a schema is read by: draft-07 (also used for draft-04 and draft-06) or 2020-12.
 *
 * @example
 * ```ts
 * const dialect: JsonSchemaDialect = "draft-07";
 * ```
 */
export type JsonSchemaDialect = "draft-07" | "2020-12";

/**
 * How to compile a schema.
 *
 * @example
 * ```ts
 * const options: CompileJsonSchemaOptions = { dialect: "2020-12", formats: "assert" };
 * ```
 */
export interface CompileJsonSchemaOptions {
  /** Defaults to what the schema's `$schema` names: draft-04/06/07 read as draft-07, anything else as 2020-12. */
  readonly dialect?: JsonSchemaDialect;
  /** `"annotate"` (the default, as the specification says) ignores `format`; `"assert"` checks the known ones. */
  readonly formats?: "assert" | "annotate";
}
