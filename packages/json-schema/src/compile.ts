/** The public entry point: compile once, validate many times. */
import { compileDocument } from "./compiler.js";
import { type Issue, issue, maxDepth } from "./internal.js";
import type {
  CompileJsonSchemaOptions,
  JsonSchema,
  JsonSchemaDialect,
  JsonSchemaValidator,
} from "./types.js";

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
  return /json-schema\.org\/draft-0[3-7]\/schema/.test(uri) ? "draft-07" : "2020-12";
}

/**
 * Compiles a JSON Schema into a validator that returns the first issue in a value, or undefined
 * when the value is valid. Compiling builds closures (no `eval` or `new Function`), so it works
 * where code generation is forbidden. The schema is read, never modified; keep it unchanged
 * while the validator is in use.
 *
 * - 2020-12 by default; draft-07 rules when `$schema` names draft-04, -06 or -07 (or `options.dialect` says so).
 * - `$ref` resolves within the document only (`$id`, `$anchor`, `$dynamicAnchor`, JSON pointers);
 *   a reference to another document, including the standard meta-schemas, is a compile error.
 * - `format` is an annotation unless `options.formats` is `"assert"`; unknown formats are ignored.
 * - Unknown keywords are ignored.
 * - Values nested more than 1000 levels deep fail with keyword `"maxDepth"`; more than 100 `$ref`s
 *   in a row at one place in the value fail with keyword `"$ref"` (a loop in the schema).
 *
 * @throws TypeError when the schema is malformed (a keyword of the wrong type, a bad regular
 * expression, a `$ref` that resolves nowhere), naming where in the schema.
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
  const dialect = options.dialect ?? dialectOf(schema);
  const document = compileDocument(schema, dialect, options.formats === "assert");
  const root = document.root;
  return (value) => {
    try {
      return root.validate(value, document.newContext(), undefined);
    } catch (error) {
      // The depth limits keep recursion bounded; this is the backstop for a smaller stack than expected.
      if (error instanceof RangeError) return tooDeep();
      throw error;
    }
  };
}

function tooDeep(): Issue {
  return issue("maxDepth", "#", `is nested too deeply to validate (the limit is ${maxDepth} levels)`);
}
