export { compileJsonSchema, dialectOf } from "./compile.js";
export type {
  CompileJsonSchemaOptions,
  JsonSchema,
  JsonSchemaDialect,
  JsonSchemaIssue,
  JsonSchemaRegex,
  JsonSchemaRegexFactory,
  JsonSchemaValidator,
} from "./types.js";
