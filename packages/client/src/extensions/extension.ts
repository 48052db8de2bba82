import type {
  ExtensionSettings,
  InputRequests,
  InputResponses,
  JsonObject,
  NotificationHandler,
  Params,
  RequestHandler,
} from "@mcpkit/core";
import type { CallOptions } from "../features/calls.js";

/**
 * The call whose answer carried a `resultType` an extension claimed (2026-07-28), and what the
 * extension may use to carry it on.
 */
export interface ExtensionCall {
  /** The method that was called, e.g. `tools/call`. */
  readonly method: string;
  readonly params: Params;
  /** Sends a request the way the settled era wants it (the envelope declares this client's extensions). */
  request(method: string, params: Params, options?: CallOptions): Promise<JsonObject>;
  /** Answers server-to-client requests (elicitation, sampling, roots) with the client's handlers. */
  fulfil(requests: InputRequests, signal: AbortSignal): Promise<InputResponses>;
  /** Checks a final result as the method's plain result is checked (for tools: the output schema). */
  finish(result: JsonObject): Promise<JsonObject>;
  /** The client's bound on waiting (its `maxTotalTimeoutMs`, default 600 000 ms). */
  readonly maxWaitMs: number;
  /** Reports a problem that has no caller (a listener threw) to the client's `onError`. */
  report(error: Error): void;
}

/** What an extension makes of a result it claimed. */
export interface ExtensionOutcome {
  /** What a caller that asked for it gets (for `resultType: "task"`, a `ToolTask`). */
  readonly handle: unknown;
  /** The method's ordinary result, for a caller that did not ask: carries the handle to its end. */
  settle(options?: CallOptions): Promise<JsonObject>;
}

/** Turns a result of a claimed `resultType` into an {@link ExtensionOutcome}. */
export type ResultTypeHandler = (result: JsonObject, call: ExtensionCall) => ExtensionOutcome;

/**
 * What a client extension's `install` gets: ways to add the server-to-client methods and
 * notifications its specification defines, and capability fields, to one client definition.
 */
export interface ClientExtensionApi {
  /** The extension's identifier, e.g. `com.example/echo`. */
  readonly id: string;
  /** The settings the client declares for it (`{}` when none). */
  readonly settings: ExtensionSettings;
  /**
   * Answers a server-to-client request (session era). Refused with -32601 when the server did not
   * declare the extension; a method already handled throws.
   */
  request(method: string, handler: RequestHandler): void;
  /** Handles a server notification (dropped when the server did not declare the extension). */
  notification(method: string, handler: NotificationHandler): void;
  /** Adds a top-level capability member the client declares (each revision carries only its own). */
  capability(field: string, value: JsonObject): void;
  /**
   * Claims a `resultType` value (2026-07-28 results are discriminated by it): a `tools/call`
   * answered with it is handed to `handler`. A type claimed twice, or `complete` or
   * `input_required`, throws.
   */
  resultType(type: string, handler: ResultTypeHandler): void;
}

/**
 * A client extension. List it in `new Client({ extensions: [...] })`: the client declares it in
 * its `extensions` capability (at `initialize`, and in every 2026-07-28 request envelope) and
 * installs its handlers.
 *
 * @example
 * ```ts
 * const echo: ClientExtension = {
 *   id: "com.example/echo",
 *   install(api) {
 *     api.notification("notifications/echo/heard", (params) => console.log(params.text));
 *   },
 * };
 * const client = new Client({ clientInfo: { name: "c", version: "1" }, extensions: [echo] });
 * ```
 */
export interface ClientExtension {
  /** `{vendor-prefix}/{extension-name}`. */
  readonly id: string;
  /** The settings object declared for it; `{}` (the default) means supported with no settings. */
  readonly settings?: ExtensionSettings;
  /** Adds the extension's methods, handlers and capability members through `api`. */
  install(api: ClientExtensionApi): void;
}
