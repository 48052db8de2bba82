import { truncateEcho } from "@mcpkit/core";
import { compileJsonSchema, type JsonSchemaIssue } from "@mcpkit/json-schema";

/** A JSON Schema object (served to each client in its revision's dialect: see `servedSchema`). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The first problem a validator found: where (a JSON pointer into the value) and what. */
export interface SchemaIssue {
  readonly pointer: string;
  readonly message: string;
}

/** Checks a value against a schema; undefined when it is valid. */
export type SchemaCheck = (value: unknown) => SchemaIssue | undefined;

function describe(issue: JsonSchemaIssue): SchemaIssue {
  // The pointer may name members the client chose: errors repeat it bounded.
  const pointer = truncateEcho(issue.pointer);
  return { pointer, message: `${pointer === "" ? "(root)" : pointer} ${issue.message}` };
}

/**
 * Compiles a JSON Schema (draft-07 or 2020-12, by its `$schema`) into a check that names the first
 * failing field, with formats (`email`, `date-time`, `uri`, …) asserted. The schema object is not
 * modified. Compiling builds closures with `@mcpkit/json-schema` (no `new Function`), so it works
 * on runtimes that forbid eval. A `$ref` must resolve inside the schema: other documents are not
 * fetched.
 *
 * @throws TypeError when the schema is malformed, naming where in it.
 *
 * @example
 * ```ts
 * const check = compileSchema({ type: "object", properties: { n: { type: "number" } }, required: ["n"] });
 * check({}); // { pointer: "/n", message: "/n is required" }
 * check({ n: "1" }); // { pointer: "/n", message: "/n must be number" }
 * check({ n: 1 }); // undefined
 * ```
 */
export function compileSchema(schema: JsonSchema): SchemaCheck {
  const validate = compileJsonSchema(schema, { formats: "assert" });
  return (value) => {
    const issue = validate(value);
    return issue && describe(issue);
  };
}

const compiled = new WeakMap<JsonSchema, SchemaCheck>();

/** {@link compileSchema}, once per schema object: later calls with the same object reuse the check. */
export function checkOf(schema: JsonSchema): SchemaCheck {
  let check = compiled.get(schema);
  if (!check) {
    check = compileSchema(schema);
    compiled.set(schema, check);
  }
  return check;
}
