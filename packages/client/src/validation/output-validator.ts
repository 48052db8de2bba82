import { loadAjv } from "#ajv";
import type { Ajv, ValidateFunction } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";

/** The outcome of checking a value against a JSON Schema. */
export type SchemaCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly pointer: string; readonly message: string };

/**
 * Checks tool results against output schemas. Inject your own (e.g. one compiled ahead of time)
 * where `new Function` is forbidden.
 *
 * @example
 * ```ts
 * const lenient: OutputSchemaValidator = { check: () => ({ ok: true }) };
 * new Client({ clientInfo, outputValidator: lenient });
 * ```
 */
export interface OutputSchemaValidator {
  check(schema: Readonly<Record<string, unknown>>, value: unknown): SchemaCheck;
}

const draft07 = /json-schema\.org\/draft-0[4-7]\/schema/;

/**
 * The default validator, on Ajv: JSON Schema 2020-12 unless the schema's `$schema` names draft-07
 * (or older), formats treated as annotations, compiled schemas cached per schema object. Ajv
 * compiles with `new Function`, so edge runtimes with a no-eval policy should pass
 * `outputValidator: false` or their own validator.
 *
 * @example
 * ```ts
 * const validator = createAjvOutputValidator();
 * validator.check({ type: "object", required: ["t"] }, {}); // { ok: false, pointer: "", message: "must have required property 't'" }
 * ```
 */
export function createAjvOutputValidator(): OutputSchemaValidator {
  const options = { strict: false, validateFormats: false, allErrors: false } as const;
  let modern: Ajv2020 | undefined;
  let legacy: Ajv | undefined;
  const compiled = new WeakMap<object, ValidateFunction>();
  const compile = (schema: Readonly<Record<string, unknown>>): ValidateFunction => {
    let validate = compiled.get(schema);
    if (!validate) {
      const old = typeof schema.$schema === "string" && draft07.test(schema.$schema);
      if (old) legacy ??= new (loadAjv().Ajv)(options);
      else modern ??= new (loadAjv().Ajv2020)(options);
      const ajv: Ajv | Ajv2020 = old ? (legacy as Ajv) : (modern as Ajv2020);
      // Drop `$id` so two tools declaring the same id do not collide in Ajv's registry.
      const { $id: _id, ...rest } = schema;
      validate = ajv.compile(rest);
      compiled.set(schema, validate);
    }
    return validate;
  };
  return {
    check(schema, value) {
      let validate: ValidateFunction;
      try {
        validate = compile(schema);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        return { ok: false, pointer: "", message: `the output schema cannot be used: ${why}` };
      }
      if (validate(value)) return { ok: true };
      const first = validate.errors?.[0];
      return { ok: false, pointer: first?.instancePath ?? "", message: first?.message ?? "is invalid" };
    },
  };
}
