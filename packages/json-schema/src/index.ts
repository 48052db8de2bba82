export { compileJsonSchema, dialectOf } from "./compile.js";
export type {
  CompileJsonSchemaOptions,
  JsonSchema,
  JsonSchemaDialect,
  JsonSchemaIssue,
  JsonSchemaValidator,
} from "./types.js";
