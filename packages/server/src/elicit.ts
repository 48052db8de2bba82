import type { ServerContext } from "./context.js";
import { formSchema } from "./elicitation-schema.js";
import { checkOf, type JsonSchema, type SchemaIssue } from "./json-schema.js";
import {
  isStandardSchema,
  jsonSchemaOf,
  type Parsed,
  standardParser,
  type StandardSchemaV1,
  type ToJsonSchema,
} from "./standard-schema.js";
import type { ElicitParams, ElicitResult, Meta } from "./types.js";

/** What a typed `ctx.elicit(message, schema)` resolves to: the checked answer, or the user's refusal. */
export type Elicited<Content> =
  | { readonly action: "accept"; readonly content: Content; readonly _meta?: Meta }
  | { readonly action: "decline" | "cancel"; readonly content?: undefined; readonly _meta?: Meta };

/** Options of a typed elicitation with a Standard Schema. */
export interface ElicitOptions {
  /** The JSON Schema to send, instead of one derived from the Standard Schema. */
  readonly jsonSchema?: JsonSchema;
  /** Derives the JSON Schema to send (overrides the server's `toJsonSchema`). */
  readonly toJsonSchema?: ToJsonSchema;
}

/**
 * The user accepted, but the content does not match the schema asked for (a client that does not
 * check, or a user who edited the answer). In a tool, an uncaught one becomes an `isError` result.
 *
 * @example
 * ```ts
 * declare const error: unknown;
 * if (error instanceof ElicitationAnswerError) console.log(error.pointer); // "/age"
 * ```
 */
export class ElicitationAnswerError extends Error {
  override readonly name = "ElicitationAnswerError";
  /** Where in the content (a JSON pointer). */
  readonly pointer: string;
  constructor(issue: SchemaIssue) {
    super(`the answer to the elicitation does not match its schema: ${issue.message}`);
    this.pointer = issue.pointer;
  }
}

type RawElicit = (params: ElicitParams) => Promise<ElicitResult>;

/** Checks a form elicitation's schema before it is sent (URL-mode requests have none). */
export function checkedParams(params: ElicitParams): ElicitParams {
  if (params.mode === "url" || !("requestedSchema" in params)) return params;
  const requestedSchema = formSchema(params.requestedSchema as JsonSchema);
  return requestedSchema === params.requestedSchema
    ? params
    : ({ ...params, requestedSchema } as unknown as ElicitParams);
}

/**
 * `ctx.elicit(message, schema, options)`: sends the schema (checked against the form subset), then
 * checks the accepted content against it and returns it typed: a Standard Schema's output, or the
 * JSON Schema's content.
 */
export async function elicitTyped(
  raw: RawElicit,
  message: string,
  schema: StandardSchemaV1 | JsonSchema,
  options: ElicitOptions | undefined,
  serverHook: ToJsonSchema | undefined,
): Promise<Elicited<unknown>> {
  let requested: JsonSchema;
  let parse: (value: unknown) => Promise<Parsed> | Parsed;
  if (isStandardSchema(schema)) {
    const hook = options?.toJsonSchema ?? serverHook;
    requested = jsonSchemaOf(schema, "input", options?.jsonSchema, hook, "elicitation");
    parse = standardParser(schema);
  } else {
    requested = schema;
    const check = checkOf(schema);
    parse = (value) => {
      const issue = check(value);
      return issue ? { issue } : { value };
    };
  }
  const requestedSchema = formSchema(requested);
  const result = await raw({ message, requestedSchema } as unknown as ElicitParams);
  const meta = result._meta === undefined ? {} : { _meta: result._meta as Meta };
  if (result.action !== "accept") return { action: result.action, ...meta };
  const parsed = await parse(result.content ?? {});
  if (parsed.issue) throw new ElicitationAnswerError(parsed.issue);
  return { action: "accept", content: parsed.value, ...meta };
}

/**
 * `ctx.elicit` over a way to send `elicitation/create` (a request, an `input_required` round, a
 * task's input request): the raw form, with its schema checked, and the typed forms.
 */
export function elicitFunction(
  raw: RawElicit,
  serverHook: ToJsonSchema | undefined,
): ServerContext["elicit"] {
  const send: RawElicit = (params) => raw(checkedParams(params));
  const elicit = (
    first: ElicitParams | string,
    schema?: StandardSchemaV1 | JsonSchema,
    options?: ElicitOptions,
  ): Promise<unknown> =>
    typeof first === "string" ? elicitTyped(send, first, schema ?? {}, options, serverHook) : send(first);
  return elicit as ServerContext["elicit"];
}
