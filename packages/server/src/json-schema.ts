import { loadAjv } from "#ajv";
import type { Ajv, ErrorObject, ValidateFunction } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";

/** A JSON Schema object, served to clients verbatim. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The first problem a validator found: where (a JSON pointer into the value) and what. */
export interface SchemaIssue {
  readonly pointer: string;
  readonly message: string;
}

/** Checks a value against a schema; undefined when it is valid. */
export type SchemaCheck = (value: unknown) => SchemaIssue | undefined;

let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;

function ajvFor(schema: JsonSchema): Ajv | Ajv2020 {
  const dialect = typeof schema.$schema === "string" ? schema.$schema : "";
  // draft-07 (and older) when the schema says so; otherwise 2020-12, the default since 2025-11-25.
  if (/draft-0[4-7]/.test(dialect)) {
    if (!draft07) {
      const { Ajv, addFormats } = loadAjv();
      draft07 = new Ajv({ strict: false, allErrors: false, allowUnionTypes: true });
      addFormats(draft07);
    }
    return draft07;
  }
  if (!draft2020) {
    const { Ajv2020, addFormats } = loadAjv();
    draft2020 = new Ajv2020({ strict: false, allErrors: false, allowUnionTypes: true });
    addFormats(draft2020);
  }
  return draft2020;
}

function describe(error: ErrorObject): SchemaIssue {
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  if (error.keyword === "required" && typeof missing === "string") {
    return {
      pointer: `${error.instancePath}/${missing}`,
      message: `${error.instancePath}/${missing} is required`,
    };
  }
  const where = error.instancePath === "" ? "(root)" : error.instancePath;
  return { pointer: error.instancePath, message: `${where} ${error.message ?? "is invalid"}` };
}

/**
 * Compiles a JSON Schema (draft-07 or 2020-12, by its `$schema`) with ajv into a check that names
 * the first failing field. The schema object is not modified. Compiling uses `new Function`, so on
 * runtimes that forbid it pass your own `validate` in a tool's definition instead.
 *
 * @example
 * ```ts
 * const check = compileSchema({ type: "object", properties: { n: { type: "number" } }, required: ["n"] });
 * check({}); // { pointer: "/n", message: "/n is required" }
 * check({ n: 1 }); // undefined
 * ```
 */
export function compileSchema(schema: JsonSchema): SchemaCheck {
  let validate: ValidateFunction;
  try {
    // A private copy keyed nowhere: the same $id registered twice must not collide.
    const { $id: _id, ...rest } = schema;
    validate = ajvFor(schema).compile(rest);
  } catch (error) {
    throw new TypeError(`invalid JSON Schema: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (value) => {
    if (validate(value)) return undefined;
    const first = validate.errors?.[0];
    return first ? describe(first) : { pointer: "", message: "(root) is invalid" };
  };
}
