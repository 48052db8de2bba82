import { ErrorCode, McpError } from "@mcpkit/core";
import type { JsonSchema } from "../json-schema.js";
import {
  jsonSchemaOf,
  type Parsed,
  type StandardInput,
  type StandardSchemaV1,
  standardParser,
  type ToJsonSchema,
} from "../standard-schema.js";
import type { Completer, PromptArgumentDefinition, PromptDefinition, PromptHandler } from "../types.js";
import type { PromptRegistration } from "./prompts.js";

/**
 * A prompt whose arguments a Standard Schema (zod 4, valibot, ...) validates and parses: the
 * handler gets the schema's output. The argument list `prompts/list` serves is derived from the
 * schema's JSON Schema (`argumentsSchema` when given, else the prompt's or the server's
 * `toJsonSchema` hook, else the schema's own converter): each property is an argument, with its
 * `title` and `description`; `required` says which are required. Prompt arguments are strings on
 * the wire, so the schema should take strings (and may transform them).
 *
 * @example
 * ```ts
 * import { z } from "zod";
 *
 * server.prompt(
 *   {
 *     name: "review",
 *     input: z.object({ code: z.string().describe("The code"), language: z.enum(["go", "ts"]).optional() }),
 *     complete: { language: (value) => ["go", "ts"].filter((l) => l.startsWith(value)) },
 *   },
 *   ({ code, language }) => ({
 *     messages: [{ role: "user", content: { type: "text", text: `Review this ${language ?? "code"}:\n${code}` } }],
 *   }),
 * );
 * ```
 */
export interface StandardPromptDefinition<Input extends StandardSchemaV1 = StandardSchemaV1>
  extends Omit<PromptDefinition, "arguments"> {
  /** Validates and parses the arguments. */
  readonly input: Input;
  /** Completers, by argument name. */
  readonly complete?: { readonly [Name in ArgumentName<Input>]?: Completer };
  /** The JSON Schema the argument list is derived from, instead of deriving it from `input`. */
  readonly argumentsSchema?: JsonSchema;
  /** Derives the JSON Schema of `input` (overrides the server's hook). */
  toJsonSchema?(schema: StandardSchemaV1, io: "input" | "output"): JsonSchema;
}

/** The argument names a Standard Schema declares (any string when it declares no types). */
type ArgumentName<Input extends StandardSchemaV1> =
  unknown extends StandardInput<Input> ? string : keyof StandardInput<Input> & string;

/** What a Standard Schema prompt registers: the derived argument list and the parser. */
export interface StandardPromptParts {
  readonly arguments: readonly PromptArgumentDefinition[];
  readonly parseArguments: (args: unknown) => Promise<Parsed>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The argument list and parser of a Standard Schema prompt. */
export function standardPromptParts(
  definition: StandardPromptDefinition,
  serverHook: ToJsonSchema | undefined,
): StandardPromptParts {
  const { input, toJsonSchema, argumentsSchema, complete } = definition;
  const hook: ToJsonSchema | undefined = toJsonSchema
    ? (schema, io) => toJsonSchema.call(definition, schema, io)
    : serverHook;
  const what = `prompt ${definition.name}`;
  const schema = jsonSchemaOf(input, "input", argumentsSchema, hook, what);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const completers = (complete ?? {}) as Readonly<Record<string, Completer | undefined>>;
  for (const name of Object.keys(completers)) {
    if (!(name in properties))
      throw new TypeError(`${what}: a completer for "${name}", which is not an argument`);
  }
  const args = Object.entries(properties).map(([name, property]): PromptArgumentDefinition => {
    const p = isObject(property) ? property : {};
    const completer = completers[name];
    return {
      name,
      ...(typeof p.title === "string" ? { title: p.title } : {}),
      ...(typeof p.description === "string" ? { description: p.description } : {}),
      ...(required.includes(name) ? { required: true } : {}),
      ...(completer ? { complete: completer } : {}),
    };
  });
  return { arguments: args, parseArguments: standardParser(input) };
}

/** Parses a prompt's arguments, or refuses them with -32602 naming the argument. */
export async function parsedPromptArguments(
  name: string,
  parse: (args: unknown) => Promise<Parsed>,
  args: unknown,
): Promise<unknown> {
  const parsed = await parse(args);
  if (!parsed.issue) return parsed.value;
  throw new McpError(
    ErrorCode.InvalidParams,
    `Invalid arguments for prompt ${name}: ${parsed.issue.message}`,
    {
      pointer: `/params/arguments${parsed.issue.pointer}`,
    },
  );
}

/** A Standard Schema prompt's handler gets the parsed arguments. */
export type StandardPromptHandler<Args> = (
  args: Args,
  ...rest: Parameters<PromptHandler> extends [unknown, ...infer Rest] ? Rest : never
) => ReturnType<PromptHandler>;

/** A Standard Schema prompt as a registration: the argument list derived, the parser attached. */
export function standardPrompt(
  definition: StandardPromptDefinition,
  handler: PromptHandler,
  serverHook: ToJsonSchema | undefined,
): PromptRegistration {
  const {
    input: _input,
    complete: _complete,
    argumentsSchema: _schema,
    toJsonSchema: _hook,
    ...rest
  } = definition;
  return { ...rest, ...standardPromptParts(definition, serverHook), handler };
}
