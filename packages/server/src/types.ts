import type { V2025_11_25 as S } from "@mcpkit/schema";
import type { JsonSchema, SchemaCheck } from "./json-schema.js";
import type { ServerContext } from "./context.js";
import type { SchemaSide, StandardSchemaV1 } from "./standard-schema.js";
import type { TemplateVariables } from "./uri-template.js";

// The newest session revision's shapes are the public vocabulary; older revisions get what they
// can carry (fields they lack are left out on the wire).
/** One piece of content: text, an image, audio, a resource link or an embedded resource. */
export type ContentBlock = S.ContentBlock;
/** An icon a client may show for a tool, resource, prompt or the server. */
export type Icon = S.Icon;
/** Hints about a tool's behaviour (read-only, destructive, idempotent, open-world). */
export type ToolAnnotations = S.ToolAnnotations;
/** How a tool may be run (task support, 2025-11-25 and later). */
export type ToolExecution = S.ToolExecution;
/** A log message's severity, `debug` to `emergency` (RFC 5424). */
export type LoggingLevel = S.LoggingLevel;
/** One message of a prompt: a role and its content. */
export type PromptMessage = S.PromptMessage;
/** An argument a prompt takes, as `prompts/list` describes it. */
export type PromptArgument = S.PromptArgument;
/** The contents of a resource: text or base64 binary, with its URI. */
export type ResourceContents = S.TextResourceContents | S.BlobResourceContents;
/** Hints for the client about who content is for and how much it matters. */
export type Annotations = S.Annotations;
/** What a server asks the user for in `elicitation/create`: a form or a URL. */
export type ElicitParams = S.ElicitRequestParams;
/** The user's answer to an elicitation: accepted (with content), declined or cancelled. */
export type ElicitResult = S.ElicitResult;
/** What a server asks the client's model for in `sampling/createMessage`. */
export type SampleParams = S.CreateMessageRequestParams;
/** The message the client's model produced. */
export type SampleResult = S.CreateMessageResult;
/** The roots the client offers (`roots/list`). */
export type ListRootsResult = S.ListRootsResult;

/** `_meta` of a definition or result. */
export type Meta = Readonly<Record<string, unknown>>;

/** Cache hints of stateless-era (2026-07-28) results. */
export interface CacheHint {
  readonly ttlMs: number;
  readonly cacheScope: "public" | "private";
}

/**
 * A tool, as `tools/list` shows it (fields a client's revision lacks are left out for it).
 * `inputSchema` and `outputSchema` are served as given to 2025-11-25 and later clients, and in
 * draft-07 terms to earlier ones (a 2020-12 schema loses its `$schema`, `$defs` become
 * `definitions`, ...: see docs/server.md).
 */
export interface ToolDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly annotations?: ToolAnnotations;
  readonly icons?: readonly Icon[];
  /** Passed through for task-augmented execution (2025-11-25 and later). */
  readonly execution?: ToolExecution;
  readonly _meta?: Meta;
  /**
   * Checks the arguments instead of compiling `inputSchema` (e.g. a Standard Schema adapter, or
   * a validator for schemas that `$ref` other documents).
   */
  readonly validate?: SchemaCheck;
  /**
   * Scopes the caller's credentials must grant (`ctx.auth.scopes`), checked before the handler
   * runs: none granted → 401, some missing → 403 `insufficient_scope` naming them. Not shown to clients.
   */
  readonly scopes?: readonly string[];
  /**
   * When a call becomes a task under the 2026-07-28 tasks extension (for tools whose
   * `execution.taskSupport` allows tasks, called by a client that declared the extension):
   * `"immediate"` (default) before the handler runs; `"handler"` when the handler calls
   * `ctx.task.start()`, so that it may first ask for input in `input_required` rounds, or answer at
   * once without a task. Not shown to clients.
   */
  readonly taskCreation?: "immediate" | "handler";
}

/**
 * A tool whose arguments a Standard Schema (zod 4, valibot, ...) validates and parses: the handler
 * gets the schema's output. The JSON Schema that `tools/list` serves is `inputSchema` when given,
 * else `toJsonSchema(input, "input")` (this tool's hook, then the server's), else the schema's own
 * Standard JSON Schema converter when it has one (zod 4.2+). Likewise `output` and `outputSchema`.
 * Invalid arguments are answered as for `inputSchema`.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 *
 * const add = z.object({ a: z.number(), b: z.number() });
 * server.tool({ name: "add", input: add }, ({ a, b }) => ({
 *   content: [{ type: "text", text: String(a + b) }],
 * }));
 * ```
 */
export interface StandardToolDefinition<
  Input extends StandardSchemaV1 = StandardSchemaV1,
  Output extends StandardSchemaV1 = StandardSchemaV1,
> extends Omit<ToolDefinition, "inputSchema" | "outputSchema" | "validate"> {
  /** Validates and parses the arguments. */
  readonly input: Input;
  /** Served as is; derived from `input` when left out. */
  readonly inputSchema?: JsonSchema;
  /** Checks `structuredContent` before it is sent (instead of `outputSchema`); types it for the handler. */
  readonly output?: Output;
  /** Served as is; derived from `output` when left out. */
  readonly outputSchema?: JsonSchema;
  /** Derives the served JSON Schemas from `input` and `output` (overrides the server's hook). */
  toJsonSchema?(schema: StandardSchemaV1, io: SchemaSide): JsonSchema;
}

/**
 * What a tool handler returns: content blocks, and structured content when it has an output schema
 * (typed from a literal `outputSchema` or the `output` Standard Schema).
 */
export interface ToolResult<Structured = Readonly<Record<string, unknown>>> {
  readonly content?: readonly ContentBlock[];
  readonly structuredContent?: Structured;
  readonly isError?: boolean;
  readonly _meta?: Meta;
}

/** Runs a tool with its validated arguments. Throwing returns an `isError` result with the message. */
export type ToolHandler<Args = Record<string, unknown>, Structured = Readonly<Record<string, unknown>>> = (
  args: Args,
  ctx: ServerContext,
) => ToolResult<Structured> | Promise<ToolResult<Structured>>;

/** Completes one argument or template variable: the candidate values for a partial value. */
export type Completer = (
  value: string,
  context: { readonly arguments: Readonly<Record<string, string>>; readonly ctx: ServerContext },
) => readonly string[] | Promise<readonly string[]> | CompletionValues | Promise<CompletionValues>;

/** A completer's full answer, when it knows more than it returns. */
export interface CompletionValues {
  readonly values: readonly string[];
  readonly total?: number;
  readonly hasMore?: boolean;
}

/** A static resource. */
export interface ResourceDefinition {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly size?: number;
  readonly annotations?: Annotations;
  readonly icons?: readonly Icon[];
  readonly _meta?: Meta;
  /** Cache hint of its `resources/read` results (2026-07-28), overriding the server's default. */
  readonly cache?: CacheHint;
  /**
   * Scopes the caller's credentials must grant (`ctx.auth.scopes`), checked before the handler
   * runs: none granted → 401, some missing → 403 `insufficient_scope` naming them. Not shown to clients.
   */
  readonly scopes?: readonly string[];
}

/** What a resource read returns. */
export interface ReadResult {
  readonly contents: readonly ResourceContents[];
  readonly _meta?: Meta;
}

/** Reads a resource registered under a fixed URI. */
export type ReadHandler = (uri: string, ctx: ServerContext) => ReadResult | Promise<ReadResult>;

/** A resource template (RFC 6570, levels 1 to 4). */
export interface ResourceTemplateDefinition {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly annotations?: Annotations;
  readonly icons?: readonly Icon[];
  readonly _meta?: Meta;
  readonly cache?: CacheHint;
  /** Completers for the template's variables, by name. */
  readonly complete?: Readonly<Record<string, Completer>>;
  /**
   * Scopes the caller's credentials must grant (`ctx.auth.scopes`), checked before the handler
   * runs: none granted → 401, some missing → 403 `insufficient_scope` naming them. Not shown to clients.
   */
  readonly scopes?: readonly string[];
}

/** Reads a resource of a template, given the URI and the variables matched in it. */
export type TemplateReadHandler = (
  uri: string,
  variables: TemplateVariables,
  ctx: ServerContext,
) => ReadResult | Promise<ReadResult>;

/** A prompt argument, with an optional completer. */
export interface PromptArgumentDefinition extends PromptArgument {
  readonly complete?: Completer;
}

/** A prompt as registered: what `prompts/list` shows, with the scopes it requires. */
export interface PromptDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments?: readonly PromptArgumentDefinition[];
  readonly icons?: readonly Icon[];
  readonly _meta?: Meta;
  /**
   * Scopes the caller's credentials must grant (`ctx.auth.scopes`), checked before the handler
   * runs: none granted → 401, some missing → 403 `insufficient_scope` naming them. Not shown to clients.
   */
  readonly scopes?: readonly string[];
}

/** What a prompt handler returns: the prompt's messages. */
export interface PromptResult {
  readonly description?: string;
  readonly messages: readonly PromptMessage[];
  readonly _meta?: Meta;
}

/** Builds a prompt's messages from its arguments. */
export type PromptHandler = (
  args: Readonly<Record<string, string>>,
  ctx: ServerContext,
) => PromptResult | Promise<PromptResult>;
