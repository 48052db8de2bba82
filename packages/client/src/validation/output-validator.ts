import { compileJsonSchema, type JsonSchemaValidator } from "@mcpkit/json-schema";

/** The outcome of checking a value against a JSON Schema. */
export type SchemaCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly pointer: string; readonly message: string };

/**
 * Checks tool results against output schemas. Inject your own, e.g. for output schemas that
 * `$ref` other documents.
 *
 * @example
 * ```ts
 * const lenient: OutputSchemaValidator = { check: () => ({ ok: true }) };
 * new Client({ clientInfo, outputValidator: lenient });
 * ```
 */
export interface OutputSchemaValidator {
  /** Checks `value` against `schema`: ok, or where and why it fails. */
  check(schema: Readonly<Record<string, unknown>>, value: unknown): SchemaCheck;
}

/**
 * The default validator, on `@mcpkit/json-schema`: JSON Schema 2020-12 unless the schema's
 * `$schema` names draft-07 (or older), formats treated as annotations, compiled schemas cached per
 * schema object. It compiles to closures (no `new Function`), so it runs on edge runtimes that
 * forbid eval. A schema that cannot be compiled fails every check, with a message saying why.
 *
 * @example
 * ```ts
 * const validator = createOutputValidator();
 * validator.check({ type: "object", required: ["t"] }, {}); // { ok: false, pointer: "/t", message: "is required" }
 * ```
 */
export function createOutputValidator(): OutputSchemaValidator {
  const compiled = new WeakMap<object, JsonSchemaValidator | string>();
  const compile = (schema: Readonly<Record<string, unknown>>): JsonSchemaValidator | string => {
    let validate = compiled.get(schema);
    if (validate === undefined) {
      try {
        validate = compileJsonSchema(schema);
      } catch (error) {
        validate = `the output schema cannot be used: ${error instanceof Error ? error.message : String(error)}`;
      }
      compiled.set(schema, validate);
    }
    return validate;
  };
  return {
    check(schema, value) {
      const validate = compile(schema);
      if (typeof validate === "string") return { ok: false, pointer: "", message: validate };
      const issue = validate(value);
      return issue ? { ok: false, pointer: issue.pointer, message: issue.message } : { ok: true };
    },
  };
}

/**
 * The default validator under its former name.
 *
 * @deprecated Use {@link createOutputValidator}; it no longer uses Ajv. This alias goes away in 1.0.
 *
 * @example
 * ```ts
 * const validator = createAjvOutputValidator(); // the same as createOutputValidator()
 * ```
 */
export const createAjvOutputValidator: () => OutputSchemaValidator = createOutputValidator;
