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
 * A compiled regular expression as the validator uses it: only `test` is called.
 *
 * @example
 * ```ts
 * const always: JsonSchemaRegex = { test: () => true };
 * ```
 */
export interface JsonSchemaRegex {
  /** Whether `text` matches. */
  test(text: string): boolean;
}

/**
 * Compiles a `pattern` or `patternProperties` source (an ECMA-262 regular expression, with
 * `flags` `"u"`) into something that tests strings. Throw to reject a pattern: the schema then
 * fails to compile, naming where the pattern is. Plug in a linear-time engine (RE2 bindings, for
 * example) for schemas from untrusted peers, so a pattern like `^(a+)+$` cannot backtrack for ever.
 *
 * @example
 * ```ts
 * // RE2: any linear-time engine with test(text): boolean, e.g. the `re2` package
 * declare const RE2: new (source: string, flags: string) => { test(text: string): boolean };
 * const regex: JsonSchemaRegexFactory = (source, flags) => new RE2(source, flags);
 * compileJsonSchema({ type: "string", pattern: "^(a+)+$" }, { regex });
 * ```
 */
export type JsonSchemaRegexFactory = (source: string, flags: string) => JsonSchemaRegex;

/**
 * How to compile a schema.
 *
 * @example
 * ```ts
 * const options: CompileJsonSchemaOptions = {
 *   dialect: "2020-12",
 *   formats: "assert",
 *   documents: { "https://example.com/address.json": { type: "object", required: ["city"] } },
 *   maxSteps: 100_000,
 * };
 * ```
 */
export interface CompileJsonSchemaOptions {
  /** Defaults to what the schema's `$schema` names: draft-04/06/07 read as draft-07, anything else as 2020-12. */
  readonly dialect?: JsonSchemaDialect;
  /** `"annotate"` (the default, as the specification says) ignores `format`; `"assert"` checks the known ones. */
  readonly formats?: "assert" | "annotate";
  /**
   * Other schema documents by URI, for `$ref`s that leave the schema (and for custom meta-schemas
   * named by `$schema`). Nothing is ever fetched: a `$ref` to a document that is neither here nor
   * built in (the draft-07 and 2020-12 meta-schemas are) is a compile error. A document without
   * `$schema` is read in the compiled schema's dialect.
   */
  readonly documents?: Readonly<Record<string, JsonSchema>>;
  /**
   * The most work one validation may do, in steps: each property or item visited and each `$ref`
   * followed is one. Going over fails the value with keyword `"maxSteps"`. Defaults to 1,000,000
   * (well under a second), which bounds schemas whose references branch exponentially. It does
   * not bound the time of a single regular-expression test: see `regex`.
   */
  readonly maxSteps?: number;
  /**
   * Compiles `pattern` and `patternProperties` (called once per pattern, when the schema compiles).
   * Defaults to JavaScript's `RegExp` with the `u` flag, which can backtrack exponentially.
   */
  readonly regex?: JsonSchemaRegexFactory;
}
