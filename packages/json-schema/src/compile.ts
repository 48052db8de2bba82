/** The public entry point: compile once, validate many times. */
import { compileDocument } from "./compiler.js";
import { dialectOf } from "./dialect.js";
import { BudgetExceeded, type Context, type Issue, issue, maxDepth } from "./internal.js";
import { builtInMetaSchema } from "./meta-schemas.js";
import { nativeRegex } from "./site.js";
import type { CompileJsonSchemaOptions, JsonSchema, JsonSchemaValidator } from "./types.js";
import { splitFragment } from "./uri.js";

export { dialectOf };

/** The default work budget of one validation, in steps (members visited and references followed). */
export const defaultMaxSteps = 1_000_000;

/** Registered documents by URI without fragment ("…/schema#" and "…/schema" are the same document). */
function documentLookup(documents: Readonly<Record<string, JsonSchema>> | undefined) {
  if (documents === undefined) return builtInMetaSchema;
  const byUri = new Map<string, JsonSchema>();
  for (const [uri, document] of Object.entries(documents)) byUri.set(splitFragment(uri).resource, document);
  return (uri: string): unknown => byUri.get(uri) ?? builtInMetaSchema(uri);
}

/**
 * Compiles a JSON Schema into a validator that returns the first issue in a value, or undefined
 * when the value is valid. Compiling builds closures (no `eval` or `new Function`), so it works
 * where code generation is forbidden. The schema is read, never modified; keep it unchanged
 * while the validator is in use.
 *
 * - 2020-12 by default; draft-07 rules when `$schema` names draft-04, -06 or -07 (or `options.dialect` says so).
 * - `$ref` resolves within the document (`$id`, `$anchor`, `$dynamicAnchor`, JSON pointers), to the
 *   documents given in `options.documents` and to the built-in draft-07 and 2020-12 meta-schemas.
 *   Nothing is fetched: a reference to any other document is a compile error.
 * - `format` is an annotation unless `options.formats` is `"assert"`; unknown formats are ignored.
 * - Unknown keywords are ignored.
 * - Values nested more than 1000 levels deep fail with keyword `"maxDepth"`; more than 100 `$ref`s
 *   in a row at one place in the value fail with keyword `"$ref"` (a loop in the schema); more
 *   than `options.maxSteps` steps of work fail with keyword `"maxSteps"`.
 *
 * @throws TypeError when the schema is malformed (a keyword of the wrong type, a bad regular
 * expression anywhere in it, a `$ref` that resolves nowhere), naming where in the schema.
 *
 * @example
 * ```ts
 * const validate = compileJsonSchema({
 *   type: "object",
 *   properties: { n: { type: "integer", minimum: 0 } },
 *   required: ["n"],
 * });
 * validate({ n: 3 }); // undefined
 * validate({}); // { pointer: "/n", keyword: "required", schemaPath: "#/required", message: "is required" }
 * validate({ n: -1 }); // { pointer: "/n", keyword: "minimum", schemaPath: "#/properties/n/minimum", message: "must be >= 0" }
 * ```
 */
export function compileJsonSchema(
  schema: JsonSchema,
  options: CompileJsonSchemaOptions = {},
): JsonSchemaValidator {
  if (
    typeof schema !== "boolean" &&
    (typeof schema !== "object" || schema === null || Array.isArray(schema))
  ) {
    throw new TypeError(
      `invalid JSON Schema at #: a schema must be an object or a boolean (got ${JSON.stringify(schema)})`,
    );
  }
  const maxSteps = options.maxSteps ?? defaultMaxSteps;
  if (!(Number.isInteger(maxSteps) && maxSteps > 0)) {
    throw new TypeError(`maxSteps must be a positive integer (got ${JSON.stringify(options.maxSteps)})`);
  }
  const { root } = compileDocument(schema, {
    dialect: options.dialect ?? dialectOf(schema),
    assertFormats: options.formats === "assert",
    lookup: documentLookup(options.documents),
    regex: options.regex ?? nativeRegex,
  });
  return (value) => {
    const context: Context = { depth: 0, refHops: 0, steps: maxSteps, scope: [] };
    try {
      return root.validate(value, context, undefined);
    } catch (error) {
      if (error instanceof BudgetExceeded) return overBudget(maxSteps);
      // The depth limits keep recursion bounded; this is the backstop for a smaller stack than expected.
      if (error instanceof RangeError) return tooDeep();
      throw error;
    }
  };
}

function tooDeep(): Issue {
  return issue("maxDepth", "#", `is nested too deeply to validate (the limit is ${maxDepth} levels)`);
}

function overBudget(maxSteps: number): Issue {
  return issue("maxSteps", "#", `takes more than ${maxSteps} steps to validate (the maxSteps limit)`);
}
