import {
  type Connection,
  type JsonObject,
  MetaKey,
  type Params,
  type Progress,
  type RequestOptions,
  requestWithInputRounds,
} from "@mcpkit/core";
import type { Era, Revision } from "@mcpkit/schema";
import type { LoggingLevel } from "../types.js";
import type { ClientCache } from "./cache.js";
import type { ServerRequestHandlers } from "./handlers.js";

/**
 * Per-call options of every client request.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * await client.callTool({ name: "build" }, {
 *   signal: controller.signal,
 *   timeoutMs: 30_000, // restarted by each progress report...
 *   maxTotalTimeoutMs: 600_000, // ...but never past ten minutes
 *   onProgress: ({ progress, total }) => console.log(progress, total),
 * });
 * ```
 */
export interface CallOptions {
  /** Aborting cancels the request (`notifications/cancelled`); it rejects with `LocalError("cancelled")`. */
  readonly signal?: AbortSignal;
  /** Idle timeout, restarted by progress. Default: the client's `timeoutMs`. */
  readonly timeoutMs?: number;
  /** Whether progress restarts the timeout. Default true. */
  readonly resetTimeoutOnProgress?: boolean;
  /** Cap on the total duration. Default: the client's `maxTotalTimeoutMs`. */
  readonly maxTotalTimeoutMs?: number;
  /** Progress reports the server sends for this request. */
  readonly onProgress?: (progress: Progress) => void;
  /** Skip the 2026-07-28 result cache for this call (the fresh result is still stored). */
  readonly fresh?: boolean;
  /**
   * Extra HTTP headers for this request (the Streamable HTTP client transport sends them; other
   * transports ignore them). `callTool` adds the `Mcp-Param-*` headers itself.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Whether this request may be sent again on a new connection when the old one was lost before
   * its answer (an expired session, a restarted server). Default: reads and lists may, and a
   * `tools/call` whose tool is annotated `idempotentHint` or `readOnlyHint` may.
   */
  readonly retry?: boolean;
}

/** Methods whose stateless-era answer may be `input_required`. */
const withRounds = new Set(["tools/call", "prompts/get", "resources/read"]);
/** Methods whose results the 2026-07-28 hints let us cache. */
const cacheable = new Set([
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
]);

/** What a call needs from the client at the time it is made. */
export interface CallHost {
  readonly connection: Connection;
  readonly era: Era;
  readonly revision: Revision;
  readonly logLevel: LoggingLevel | undefined;
  readonly cache: ClientCache | undefined;
  readonly handlers: ServerRequestHandlers;
  readonly maxInputRounds: number | undefined;
}

/**
 * Sends one request the way the settled era wants it: in the stateless era with the log level in
 * `_meta`, input-required rounds answered by the client's handlers, and cache hints honoured.
 */
export function call(
  host: CallHost,
  method: string,
  params: Params,
  options: CallOptions = {},
): Promise<JsonObject> {
  // The usual case (no cache, no input rounds) hands back the connection's own promise, unwrapped.
  if (host.era !== "stateless" && !(host.cache && cacheable.has(method)) && options.fresh === undefined) {
    return host.connection.request(method, params, options);
  }
  return callWithExtras(host, method, params, options);
}

async function callWithExtras(
  host: CallHost,
  method: string,
  params: Params,
  options: CallOptions,
): Promise<JsonObject> {
  const { fresh, ...rest } = options;
  // Object.assign: a spread with added keys is slow on Node 20 (docs/performance.md).
  const requestOptions: RequestOptions = Object.assign(
    {},
    rest,
    host.era === "stateless" && host.logLevel ? { meta: { [MetaKey.logLevel]: host.logLevel } } : {},
  );
  const key = host.cache && cacheable.has(method) ? `${method} ${JSON.stringify(params)}` : undefined;
  if (key && !fresh) {
    const hit = host.cache?.get(key);
    if (hit) return hit;
  }
  const result =
    host.era === "stateless" && withRounds.has(method)
      ? await requestWithInputRounds(host.connection, method, params, {
          ...requestOptions,
          maxRounds: host.maxInputRounds,
          fulfil: (requests) =>
            host.handlers.fulfil(requests, {
              signal: options.signal ?? new AbortController().signal,
              revision: host.revision,
            }),
        })
      : await host.connection.request(method, params, requestOptions);
  if (key) host.cache?.store(key, result);
  return result;
}
