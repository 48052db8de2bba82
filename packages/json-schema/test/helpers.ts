import {
  type CompileJsonSchemaOptions,
  compileJsonSchema,
  type JsonSchema,
  type JsonSchemaIssue,
} from "../src/index.js";

/** Validates one value against a schema compiled for it. */
export function validate(
  schema: JsonSchema,
  value: unknown,
  options?: CompileJsonSchemaOptions,
): JsonSchemaIssue | undefined {
  return compileJsonSchema(schema, options)(value);
}

/** Whether a value is valid. */
export function valid(schema: JsonSchema, value: unknown, options?: CompileJsonSchemaOptions): boolean {
  return validate(schema, value, options) === undefined;
}
