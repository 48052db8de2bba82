/**
 * The client's view of the wire: one type per concept that accepts what every revision sends.
 * Shapes come from the richest session revision (2025-11-25), whose later additions are optional,
 * widened where 2026-07-28 differs (`structuredContent` may be any JSON value; list and read
 * results may carry cache hints and `resultType`). Which methods exist is checked at run time
 * against the negotiated revision (`LocalError("method_unavailable")`).
 */
import type { V2025_11_25 as S, V2026_07_28 as L } from "@mcpkit/schema";

/** A client's or server's name and version (`clientInfo`, `serverInfo`). */
export type Implementation = S.Implementation;
/** What a server offers, as it declared it. */
export type ServerCapabilities = S.ServerCapabilities | L.ServerCapabilities;
/** What a client offers, as it declares it. */
export type ClientCapabilities = S.ClientCapabilities | L.ClientCapabilities;
/** A log message's severity, `debug` to `emergency` (RFC 5424). */
export type LoggingLevel = S.LoggingLevel;
/** A tool as `tools/list` describes it. */
export type Tool = S.Tool;
/** A resource as `resources/list` describes it. */
export type Resource = S.Resource;
/** A resource template (an RFC 6570 URI template) as `resources/templates/list` describes it. */
export type ResourceTemplate = S.ResourceTemplate;
/** A prompt as `prompts/list` describes it. */
export type Prompt = S.Prompt;
/** A root (a directory or file URI) the client offers the server. */
export type Root = S.Root;
/** One piece of content: text, an image, audio, a resource link or an embedded resource. */
export type ContentBlock = S.ContentBlock;
/** What a server asks for in `sampling/createMessage`. */
export type CreateMessageRequestParams = S.CreateMessageRequestParams;
/** A sampling handler's answer: the message the model produced. */
export type CreateMessageResult = S.CreateMessageResult;
/** A form elicitation: a message and the schema of the answer wanted. */
export type ElicitRequestFormParams = S.ElicitRequestFormParams;
/** A URL elicitation: a message and a URL for the user to open. */
export type ElicitRequestURLParams = S.ElicitRequestURLParams;
/** An elicitation's answer: accepted (with content), declined or cancelled. */
export type ElicitResult = S.ElicitResult;
/** The schema of one field of a form elicitation. */
export type PrimitiveSchemaDefinition = S.PrimitiveSchemaDefinition;
/** A log message the server sent. */
export type LoggingMessageNotificationParams = S.LoggingMessageNotificationParams;
/** A progress update for a request the client sent. */
export type ProgressNotificationParams = S.ProgressNotificationParams;
/**
 * What a `subscriptions/listen` stream carries (2026-07-28). `taskIds` is the tasks extension's
 * (SEP-2663): the states of those tasks, as `notifications/tasks`, reach their `ToolTask`s.
 */
export type SubscriptionFilter = L.SubscriptionFilter & { readonly taskIds?: string[] };

/** The 2026-07-28 cache hints a list or read result may carry. */
export interface CacheHints {
  readonly ttlMs?: number;
  readonly cacheScope?: "private" | "public";
}

/** Fields a stateless-era result adds. */
interface StatelessResultFields extends CacheHints {
  readonly resultType?: string;
}

/** One page of a list, normalised: `nextCursor` is a non-empty string or absent. */
export interface Page<T> {
  readonly items: T[];
  readonly nextCursor?: string;
}

/** What `tools/call` returned: content, structured content, and whether the tool failed. */
export type CallToolResult = Omit<S.CallToolResult, "structuredContent"> &
  StatelessResultFields & {
    /** Any JSON value in 2026-07-28; an object in 2025-06-18 and 2025-11-25. */
    structuredContent?: unknown;
  };
/** What `resources/read` returned: the resource's contents. */
export type ReadResourceResult = S.ReadResourceResult & StatelessResultFields;
/** What `prompts/get` returned: the prompt's messages. */
export type GetPromptResult = S.GetPromptResult & StatelessResultFields;
/** What `completion/complete` returned: the suggested values. */
export type CompleteResult = S.CompleteResult & StatelessResultFields;
/** What `server/discover` answered; the cache hints are present only when the server sent them. */
export type DiscoverResult = Omit<L.DiscoverResult, "ttlMs" | "cacheScope"> & CacheHints;

/** `tools/call` params. */
export interface CallToolParams {
  readonly name: string;
  readonly arguments?: Readonly<Record<string, unknown>>;
}

/** `prompts/get` params. */
export interface GetPromptParams {
  readonly name: string;
  readonly arguments?: Readonly<Record<string, string>>;
}

/** `completion/complete` params. */
export type CompleteParams = Omit<S.CompleteRequestParams, "_meta">;
