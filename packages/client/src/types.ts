/**
 * The client's view of the wire: one type per concept that accepts what every revision sends.
 * Shapes come from the richest session revision (2025-11-25), whose later additions are optional,
 * widened where 2026-07-28 differs (`structuredContent` may be any JSON value; list and read
 * results may carry cache hints and `resultType`). Which methods exist is checked at run time
 * against the negotiated revision (`LocalError("method_unavailable")`).
 */
import type { V2025_11_25 as S, V2026_07_28 as L } from "@mcpkit/schema";

export type Implementation = S.Implementation;
export type ServerCapabilities = S.ServerCapabilities | L.ServerCapabilities;
export type ClientCapabilities = S.ClientCapabilities | L.ClientCapabilities;
export type LoggingLevel = S.LoggingLevel;
export type Tool = S.Tool;
export type Resource = S.Resource;
export type ResourceTemplate = S.ResourceTemplate;
export type Prompt = S.Prompt;
export type Root = S.Root;
export type ContentBlock = S.ContentBlock;
export type CreateMessageRequestParams = S.CreateMessageRequestParams;
export type CreateMessageResult = S.CreateMessageResult;
export type ElicitRequestFormParams = S.ElicitRequestFormParams;
export type ElicitRequestURLParams = S.ElicitRequestURLParams;
export type ElicitResult = S.ElicitResult;
export type PrimitiveSchemaDefinition = S.PrimitiveSchemaDefinition;
export type LoggingMessageNotificationParams = S.LoggingMessageNotificationParams;
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

export type CallToolResult = Omit<S.CallToolResult, "structuredContent"> &
  StatelessResultFields & {
    /** Any JSON value in 2026-07-28; an object in 2025-06-18 and 2025-11-25. */
    structuredContent?: unknown;
  };
export type ReadResourceResult = S.ReadResourceResult & StatelessResultFields;
export type GetPromptResult = S.GetPromptResult & StatelessResultFields;
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
