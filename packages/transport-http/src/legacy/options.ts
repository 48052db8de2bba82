import type { Authenticate } from "@mcpkit/core";
import { DEFAULT_MAX_BODY_BYTES } from "../shared/headers.js";
import { DEFAULT_MAX_BATCH_SIZE } from "../server/batch-limit.js";
import { DEFAULT_MAX_DISCARD_BYTES } from "../server/body.js";
import { type CorsOptions, resolveCors } from "../server/cors.js";
import type { AllowList } from "../server/origin.js";
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_SESSIONS } from "../server/session-limit.js";
import type { LegacySseServerTransport } from "./server-transport.js";

/** Options of {@link createLegacySseHandler}. */
export interface LegacySseHandlerOptions {
  /**
   * Called with each new session's transport when a client opens the SSE stream, before the
   * stream's response goes out. Connect it to an engine: `(t) => server.connect(t)`; what it
   * returns is awaited and otherwise ignored. A throw or rejection refuses the GET with 500.
   */
  readonly onSession: (transport: LegacySseServerTransport) => unknown;
  /** The path a GET opens a session's SSE stream on. Default `/sse`. */
  readonly ssePath?: string;
  /**
   * The path clients POST messages to, sent in the `endpoint` event with `?sessionId=…`. A path
   * (`/messages`) is resolved by the client against the SSE URL; an absolute URL is sent as is
   * (useful behind a proxy that rewrites paths). Only its path is matched. Default `/messages`.
   */
  readonly messagePath?: string;
  /** Largest POST body in bytes; larger gets 413. Default 4 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * Most bytes of a refused (413) upload still read off the wire and dropped, so a client still
   * sending reads the 413 instead of a connection reset; nothing of it is kept. An upload that
   * goes further past the limit has its connection closed. Default 64 MiB.
   */
  readonly maxDiscardBytes?: number;
  /**
   * Most messages in one JSON-RPC batch a POST may carry; a larger one is refused with 400 and
   * one error (-32600), and none of it is delivered. Default 100.
   */
  readonly maxBatchSize?: number;
  /** Largest outbound message in bytes; larger rejects `send`. Default 16 MiB. */
  readonly maxMessageBytes?: number;
  /**
   * Unread bytes a session's stream may hold (a client that stops reading while the server keeps
   * sending); past this, `send` rejects with `transport_failed` and the session ends. Default 64 MiB.
   */
  readonly maxBufferedBytes?: number;
  /**
   * Most sessions (open SSE streams) at once; a GET past it gets 503 with `Retry-After` (sessions
   * already open go on as before). Default 10 000.
   */
  readonly maxSessions?: number;
  /**
   * A session ends after this long without activity, and its stream closes. Activity is a POST
   * from its client, or a request of the client the server has yet to answer (and that was not
   * cancelled). The open stream is not (nor its keep-alive comments, nor what the server sends on
   * it). 0 never. Default 30 minutes.
   */
  readonly idleTimeoutMs?: number;
  /** How often an SSE comment keeps an idle stream (and the proxies on its way) alive, in ms. 0 never. Default 15 000. */
  readonly keepAliveMs?: number;
  /**
   * Allowed `Host` values (403 otherwise). Default: loopback names only. `"any"` turns the check
   * off. Checked after the value is parsed as `host[:port]`: anything else is 400, whatever this says.
   */
  readonly allowedHosts?: AllowList;
  /** Allowed `Origin` values when one is present (403 otherwise). Default: loopback origins. */
  readonly allowedOrigins?: AllowList;
  /** CORS for browser clients, as for the Streamable HTTP handler. Default false (no CORS headers). */
  readonly cors?: boolean | CorsOptions;
  /** Told about failures no HTTP response can carry (a throwing `onSession`). */
  readonly onError?: (error: unknown) => void;
  /**
   * Checks the credentials of the GET that opens a session and of every POST, as the Streamable
   * HTTP handler's `authenticate` does: the session is bound to the subject that opened it, a
   * POST with another subject's credentials gets 403. Default: none.
   */
  readonly authenticate?: Authenticate;
}

/** The options with their defaults filled in. */
export interface ResolvedLegacyOptions
  extends Required<
      Omit<LegacySseHandlerOptions, "allowedHosts" | "allowedOrigins" | "cors" | "authenticate">
    >,
    Pick<LegacySseHandlerOptions, "allowedHosts" | "allowedOrigins" | "authenticate"> {
  /** CORS settings; undefined when off. */
  readonly cors: CorsOptions | undefined;
  /** The path part of `messagePath`, which POSTs are matched on. */
  readonly messagePathname: string;
}

export function resolveLegacyOptions(options: LegacySseHandlerOptions): ResolvedLegacyOptions {
  // `??` rather than a spread: an option passed as undefined keeps its default.
  const messagePath = options.messagePath ?? "/messages";
  return {
    onSession: options.onSession,
    ssePath: options.ssePath ?? "/sse",
    messagePath,
    messagePathname: new URL(messagePath, "http://placeholder").pathname,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxDiscardBytes: options.maxDiscardBytes ?? DEFAULT_MAX_DISCARD_BYTES,
    maxMessageBytes: options.maxMessageBytes ?? 16 * 1024 * 1024,
    maxBatchSize: options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE,
    keepAliveMs: options.keepAliveMs ?? 15_000,
    maxBufferedBytes: options.maxBufferedBytes ?? 64 * 1024 * 1024,
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    cors: resolveCors(options.cors),
    onError: options.onError ?? (() => {}),
    authenticate: options.authenticate,
  };
}
