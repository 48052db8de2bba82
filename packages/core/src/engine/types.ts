import type { Era, Revision } from "@mcpkit/schema";
import type { RequestId } from "../jsonrpc/types.js";
import type { MessageContext } from "../transport.js";

/** A JSON object as the engine passes it around: request params, results, capabilities. */
export type JsonObject = Record<string, unknown>;

/** The params of an inbound or outbound request or notification (`{}` when the message had none). */
export type Params = Readonly<Record<string, unknown>>;

/** One progress report, as carried by `notifications/progress`. */
export interface Progress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/**
 * Per-request options for `Connection.request`.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * await connection.request("tools/call", { name: "build" }, {
 *   signal: controller.signal,
 *   timeoutMs: 30_000, // restarted by each progress report...
 *   maxTotalTimeoutMs: 600_000, // ...but never past ten minutes
 *   onProgress: ({ progress, total }) => console.log(progress, total),
 * });
 * ```
 */
export interface RequestOptions {
  /** Aborting it cancels the request on the wire (`notifications/cancelled`) and rejects with `LocalError("cancelled")`. */
  readonly signal?: AbortSignal;
  /** Milliseconds without an answer (or progress) before the request is cancelled. Default: the connection's `timeoutMs`. */
  readonly timeoutMs?: number;
  /** Whether each progress notification restarts the timeout. Default true. */
  readonly resetTimeoutOnProgress?: boolean;
  /** Hard cap on the request's total duration, progress or not. Default: the connection's `maxTotalTimeoutMs`. */
  readonly maxTotalTimeoutMs?: number;
  /** Called for each (strictly increasing) progress report the peer sends for this request. */
  readonly onProgress?: (progress: Progress) => void;
  /** The inbound request this one is made on behalf of (lets multi-stream transports route it). */
  readonly relatedRequestId?: RequestId;
  /** Extra `_meta` keys to send with the request (the era's own keys win on conflict). */
  readonly meta?: Readonly<Record<string, unknown>>;
  /** Extra transport headers for this request (see `SendOptions.headers`; HTTP client transports only). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Options for {@link Connection.notify}. */
export interface NotifyOptions {
  /** The inbound request this notification belongs to (lets multi-stream transports route it). */
  readonly relatedRequestId?: RequestId;
}

/** What this side knows about the peer that sent a message. */
export interface PeerInfo {
  /** The capabilities the peer declared: at `initialize` (session era) or in this request's envelope (stateless era). */
  readonly capabilities: Readonly<Record<string, unknown>> | undefined;
  /** The peer's `Implementation` (name, version, ...), when it said. */
  readonly info: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The input-required round of a stateless-era request (present on `ctx.input` for methods that may
 * answer `InputRequiredResult`).
 *
 * @example
 * ```ts
 * const form = { message: "Deploy now?", requestedSchema: { type: "object", properties: {} } };
 * connection.setRequestHandler("tools/call", async (params, ctx) => {
 *   const confirm = ctx.input?.responses?.confirm;
 *   if (!confirm) return ctx.input!.inputRequired({ confirm: { method: "elicitation/create", params: form } }, { step: 1 });
 *   return { content: [{ type: "text", text: `answer: ${JSON.stringify(confirm)}` }] };
 * });
 * ```
 */
export interface InputRound {
  /** The `inputResponses` of this retry, keyed as the previous round's `inputRequests`; undefined on the first round. */
  readonly responses: Readonly<Record<string, JsonObject>> | undefined;
  /** The state sealed into the previous round's `requestState`, verified and unsealed; undefined on the first round. */
  readonly state: unknown;
  /**
   * Builds the `InputRequiredResult` to return: the input requests plus `state` sealed (HMAC) into
   * `requestState`. Return it from the handler; the client answers the requests and retries.
   */
  inputRequired(inputRequests: Readonly<Record<string, JsonObject>>, state?: unknown): Promise<JsonObject>;
}

/**
 * What a request handler gets besides the params.
 *
 * @example
 * ```ts
 * connection.setRequestHandler("tools/call", async (params, ctx) => {
 *   for (let step = 1; step <= 3 && !ctx.signal.aborted; step++) {
 *     await ctx.sendProgress({ progress: step, total: 3 });
 *   }
 *   return { content: [{ type: "text", text: `done for ${String(ctx.peer.info?.name)}` }] };
 * });
 * ```
 */
export interface RequestContext {
  /** Aborted when the peer cancels the request, the transport reports the sender gone, or the connection closes. */
  readonly signal: AbortSignal;
  readonly requestId: RequestId;
  readonly method: string;
  /** The revision that governs this request. */
  readonly revision: Revision;
  readonly era: Era;
  /** What the transport knows about the message (headers, auth). */
  readonly context: MessageContext;
  readonly peer: PeerInfo;
  /** Stateless era, methods that may answer `input_required`: the round's inputs and the sealing helper. */
  readonly input: InputRound | undefined;
  /**
   * Reports progress when the requester sent a progress token; a no-op otherwise, after the handler
   * finished, or when `progress` does not increase.
   */
  sendProgress(progress: Progress): Promise<void>;
  /** Sends a notification related to this request. */
  sendNotification(method: string, params?: Params): Promise<void>;
  /** Sends a request related to this request (session era); aborted with this request unless `options.signal` is given. */
  sendRequest(method: string, params?: Params, options?: RequestOptions): Promise<JsonObject>;
}

/**
 * What a notification handler gets besides the params.
 *
 * @example
 * ```ts
 * declare function log(revision: string, params: Params): void;
 * connection.setNotificationHandler("notifications/message", (params, ctx) => log(ctx.revision, params));
 * ```
 */
export interface NotificationContext {
  readonly method: string;
  readonly revision: Revision;
  readonly era: Era;
  readonly context: MessageContext;
  readonly peer: PeerInfo;
}

/**
 * Answers one inbound request. Return the result object; throw `McpError` to choose the error
 * response; anything else thrown becomes `-32603 Internal error` (the message and stack stay local).
 *
 * @example
 * ```ts
 * const callTool: RequestHandler = (params) => {
 *   if (params.name !== "echo") throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${String(params.name)}`);
 *   return { content: [{ type: "text", text: JSON.stringify(params.arguments) }] };
 * };
 * ```
 */
export type RequestHandler = (params: Params, ctx: RequestContext) => JsonObject | Promise<JsonObject>;

/**
 * Handles one inbound notification. Errors it throws are reported to `onError` and never answered.
 *
 * @example
 * ```ts
 * declare const cache: { invalidate(key: string): void };
 * const onToolsChanged: NotificationHandler = () => cache.invalidate("tools");
 * ```
 */
export type NotificationHandler = (params: Params, ctx: NotificationContext) => void | Promise<void>;

/**
 * Handlers shared by many connections (a server's table, say), consulted when a connection has no
 * handler of its own for a method, so each connection need not keep a copy of the table. The
 * handler's `ctx.method` names the method it runs for.
 *
 * @example
 * ```ts
 * const era = new AdaptiveServerEra({ serverInfo, capabilities: { tools: {} } });
 * const table = new Map<string, RequestHandler>([["tools/list", () => ({ tools: [] })]]);
 * const shared: HandlerLookup = {
 *   requestHandler: (method) => table.get(method),
 *   notificationHandler: () => undefined,
 * };
 * const connection = new Connection({ era, sharedHandlers: shared });
 * ```
 */
export interface HandlerLookup {
  /** The handler for an inbound request method, or undefined when there is none. */
  requestHandler(method: string): RequestHandler | undefined;
  /** The handler for an inbound notification method, or undefined when there is none. */
  notificationHandler(method: string): NotificationHandler | undefined;
  /**
   * Whether an extension defines this request method, so that it is dispatched even at a revision
   * that does not define it although another revision does (the 2026-07-28 tasks extension's
   * `tasks/get`, a 2025-11-25 method). Absent: no such method.
   */
  extensionMethod?(method: string): boolean;
}

/**
 * Counts of what a connection holds, for leak checks and monitoring. All zero on an idle or closed connection.
 *
 * @example
 * ```ts
 * await connection.close();
 * console.log(connection.diagnostics()); // { pendingRequests: 0, inflightRequests: 0, activeTimers: 0, signalListeners: 0 }
 * ```
 */
export interface ConnectionDiagnostics {
  /** Outbound requests awaiting an answer. */
  readonly pendingRequests: number;
  /** Inbound requests whose handlers are running. */
  readonly inflightRequests: number;
  /** Timeout timers armed by this connection. */
  readonly activeTimers: number;
  /** Abort listeners this connection registered on signals it does not own. */
  readonly signalListeners: number;
}
