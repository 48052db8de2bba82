import {
  type AuthInfo,
  type Authenticate,
  type Bus,
  MemoryBus,
  MemorySessionStore,
  type SessionStore,
  sessionRevisions,
} from "@mcpkit/core";
import { DEFAULT_MAX_BODY_BYTES } from "../shared/headers.js";
import { DEFAULT_MAX_BATCH_SIZE } from "./batch-limit.js";
import { DEFAULT_MAX_DISCARD_BYTES } from "./body.js";
import type { CorsOptions } from "./cors.js";
import type { EventStore } from "./event-store.js";
import { MemoryEventStore } from "./memory-event-store.js";
import type { AllowList } from "./origin.js";
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_SESSIONS } from "./session-limit.js";
import type { HttpServerTransport } from "./session-transport.js";
import type { StatelessHttpServerTransport } from "./stateless/transport.js";

/**
 * How a POST holding requests is answered (see `StreamableHttpHandlerOptions.jsonResponse`):
 * `"when-ready"` JSON when the answer is ready at once, else SSE; `true` always JSON; `false`
 * always SSE.
 *
 * @example
 * ```ts
 * const form: JsonResponse = "when-ready";
 * createStreamableHttpHandler({ onSession: (t) => server.connect(t), jsonResponse: form });
 * ```
 */
export type JsonResponse = boolean | "when-ready";

/** What the runtime gives one request beside it (see `StreamableHttpHandler.handle`). */
export interface HandleOptions {
  /**
   * The runtime's way to keep running what a request started after its response is complete:
   * Cloudflare Workers' `ctx.waitUntil`. Without it, workerd cancels a task's work once its
   * `CreateTaskResult` went out, and a handler whose answer a resumed stream would carry. The
   * handler passes it every request's late answer and every task's work.
   */
  readonly waitUntil?: (work: Promise<unknown>) => void;
  /**
   * The identity your own code established for this request (a web framework's auth middleware,
   * a gateway that verified the token): it is every message's `authInfo` (a handler's
   * `ctx.auth`), and the request is not given to the endpoint's `authenticate` hook. The session
   * rules are those of `authenticate`: a session is bound to the subject that opened it
   * (`subject`, else `clientId`), and a request on it with another identity (or none) gets 403.
   * Undefined: the `authenticate` hook checks the request as usual (anonymous when there is none).
   *
   * @example
   * ```ts
   * declare const verified: { sub: string; token: string };
   * const handler = createStreamableHttpHandler({ onSession: (t) => server.connect(t) });
   * const answer = (request: Request) =>
   *   handler.handle(request, { auth: { token: verified.token, subject: verified.sub } });
   * ```
   */
  readonly auth?: AuthInfo;
}

/**
 * A Streamable HTTP endpoint as a web-standard handler: give it every request to the MCP URL
 * (Node through `@mcpkit/transport-http/node`, or Workers, Deno and Bun directly).
 */
export interface StreamableHttpHandler {
  /**
   * Answers one HTTP request. Never rejects. On Workers, pass the request's `waitUntil` so work
   * that outlives the response (a task) keeps running:
   *
   * @example
   * ```ts
   * const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
   * export default {
   *   fetch: (request: Request, _env: unknown, ctx: { waitUntil(work: Promise<unknown>): void }) =>
   *     handler.handle(request, { waitUntil: (work) => ctx.waitUntil(work) }),
   * };
   * ```
   */
  handle(request: Request, options?: HandleOptions): Promise<Response>;
  /** Ends every session (their transports close) and refuses new ones from now on with 503. */
  close(): Promise<void>;
  /** How many sessions are open. */
  readonly sessionCount: number;
}

// Links to other modules name their package (`@mcpkit/core!MemoryBus`): the options of the
// framework packages (@mcpkit/express, fastify, hono) inherit these comments, and typedoc
// resolves a bare name only within the package being documented.
/** Options of {@link createStreamableHttpHandler}. */
export interface StreamableHttpHandlerOptions {
  /**
   * Called with each new session's transport, before its `initialize` is delivered. Connect it to
   * an engine: `onSession: (t) => server.connect(t)` or a core `Connection`. What it returns
   * is awaited (a promise) and otherwise ignored. A throw or rejection refuses the initialize with 500.
   */
  readonly onSession: (transport: HttpServerTransport) => unknown;
  /**
   * Serves the 2026-07-28 (stateless) era on the same endpoint: called once, on the first
   * stateless POST, with the
   * {@link @mcpkit/transport-http!index.StatelessHttpServerTransport | StatelessHttpServerTransport}
   * that carries every stateless request (and again if the engine closes it). Usually the same engine as `onSession`:
   * `onStateless: (transport) => server.connect(transport)`; what it returns is awaited and
   * otherwise ignored. A throw refuses that request with 500.
   * Default: none; every POST then goes to the session era, so a modern client's probe gets the
   * session era's 400 and falls back to `initialize`.
   */
  readonly onStateless?: (transport: StatelessHttpServerTransport) => unknown;
  /**
   * How a POST holding requests is answered when the client accepts both forms (it must, by the
   * specification; one that accepts only one form gets that one):
   * - `"when-ready"` (default): one JSON body when every request is answered before anything else
   *   is sent for it and before the next macrotask (a handler that returns at once, or whose
   *   promise settles within microtasks, and every refusal); an SSE stream otherwise, opened as
   *   soon as a related message is sent or the next macrotask comes. A JSON body costs less on
   *   both sides and keeps nothing in the event store.
   * - `false`: always an SSE stream (every event resumable).
   * - `true`: always one JSON body; related messages (progress, server requests) then go on the
   *   GET stream.
   */
  readonly jsonResponse?: JsonResponse;
  /**
   * Whether the session era has sessions. `false` serves 2025-03-26 to 2025-11-25 clients without
   * them, for serverless deployments: no `Mcp-Session-Id` is issued and each POST is served on its
   * own (one exchange per request, the revision from its `MCP-Protocol-Version`, the client's
   * capabilities unknown). What needs a session is answered plainly: GET and DELETE get 405 (no
   * standalone stream, nothing to end), `resources/subscribe` and `resources/unsubscribe` get
   * -32601, a server-to-client request (elicitation, sampling, roots) fails in the handler with
   * `LocalError("method_unavailable")`, answers are not resumable (no event ids), and the
   * `initialize` result drops `listChanged`, `resources.subscribe` and `tasks`. A request with an
   * `Mcp-Session-Id` gets 404. Notifications are accepted (202) and dropped. The 2026-07-28 era
   * (`onStateless`) is unchanged. Default true.
   */
  readonly sessions?: boolean;
  /** Serve the standalone GET stream; when false, GET gets 405. Default true. */
  readonly standaloneStream?: boolean;
  /** Largest request body in bytes; larger gets 413. Default 4 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * Most bytes of a refused (413) upload still read off the wire and dropped, so a client still
   * sending reads the 413 instead of a connection reset; nothing of it is kept. An upload that
   * goes further past the limit has its connection closed. Default 64 MiB.
   */
  readonly maxDiscardBytes?: number;
  /** Largest outbound message in bytes; larger rejects `send`. Default 16 MiB. */
  readonly maxMessageBytes?: number;
  /**
   * Most messages in one JSON-RPC batch (2025-03-26, the only revision with batches); a larger
   * batch is refused with 400 and one error (-32600) before any of it is delivered. Default 100.
   */
  readonly maxBatchSize?: number;
  /**
   * Most sessions open at once; an `initialize` past it gets 503 with `Retry-After` (sessions
   * already open go on as before). Default 10 000.
   */
  readonly maxSessions?: number;
  /**
   * A session ends after this long without activity, and its streams close. Activity is a request
   * of its client (a POST, a GET opening or resuming a stream, a DELETE), or a POST whose answer
   * is still to come while its client holds the connection. A GET stream held open is not (nor
   * are its keep-alive comments or the messages the server sends on it): a client that only
   * listens must send something within the limit. 0 never. Default 30 minutes.
   */
  readonly idleTimeoutMs?: number;
  /** Messages for the GET stream held while the client has none open; past this `send` rejects. Default 10 000. */
  readonly maxQueuedMessages?: number;
  /**
   * Most events of one SSE stream waiting for a slow event store: an event is written to its
   * client only once the store has it, so a store that stalls makes them wait in memory. Past it
   * `send` rejects with `LocalError("transport_failed")` (the engine reports it to its `onError`;
   * nothing of the message is stored or written), and the stream's connection closes once the
   * events before it are written, so its client resumes with `Last-Event-ID` and gets every
   * event stored after the store caught up. A POST's final answer is never refused. Other
   * streams and sessions are not affected by one stream's bound. At least 1. Default 1000 (the
   * default event store keeps 1000 events per session).
   */
  readonly maxPendingEvents?: number;
  /**
   * Allowed `Host` values (403 otherwise). Default: loopback names only. `"any"` turns the check
   * off. Checked after the value is parsed as `host[:port]`: anything else is 400, whatever this says.
   */
  readonly allowedHosts?: AllowList;
  /** Allowed `Origin` values when one is present (403 otherwise). Default: loopback origins. */
  readonly allowedOrigins?: AllowList;
  /** Accepted `MCP-Protocol-Version` values. Default: every session-era revision. */
  readonly supportedRevisions?: readonly string[];
  /** Told about failures no HTTP response can carry (a throwing `onSession`, a failing event store). */
  readonly onError?: (error: unknown) => void;
  /**
   * Where SSE events are kept for resumption with `Last-Event-ID`. Default: a
   * {@link @mcpkit/transport-http!index.MemoryEventStore | MemoryEventStore} of this handler (1000
   * events per session, 100 000 in all).
   */
  readonly eventStore?: EventStore;
  /**
   * Where session records are kept, so any process of a fleet serves any session: a request whose
   * `Mcp-Session-Id` this process does not hold rebuilds the session from its record, and DELETE
   * or idle expiry ends it everywhere. Share one store (e.g. `RedisSessionStore` of
   * `@mcpkit/redis`), one `bus`, one `eventStore` and the server's stores across the fleet.
   * Default: a {@link @mcpkit/core!MemorySessionStore | MemorySessionStore} of this handler (one
   * process).
   */
  readonly sessionStore?: SessionStore;
  /**
   * Carries messages between the processes of a fleet (see docs/design.md, "Fleet seams"):
   * messages for a session's GET stream held elsewhere, answers to another process's server
   * requests, shared client notifications, the end of a session. Default: a
   * {@link @mcpkit/core!MemoryBus | MemoryBus} of this handler.
   */
  readonly bus?: Bus;
  /** Interval of `: keep-alive` comments on open SSE streams, in ms; 0 sends none. Default 15 000. */
  readonly keepAliveMs?: number;
  /**
   * The `retry` (ms) of the priming event that starts each SSE stream of a session on 2025-11-25 or
   * later: how long its client waits before reconnecting when the server closes a stream early. Default 1000.
   */
  readonly sseRetryMs?: number;
  /**
   * SSE polling (2025-11-25 and later): close a POST's SSE connection this long after it opens
   * while its answer is still pending, and again after each resume; the client reconnects with
   * `Last-Event-ID`. 0 never (see also `HttpServerTransport.closeStream`). Default 0.
   */
  readonly closeSseAfterMs?: number;
  /**
   * CORS for browser clients; see {@link @mcpkit/transport-http!index.CorsOptions | CorsOptions}.
   * Default false (no CORS headers).
   */
  readonly cors?: boolean | CorsOptions;
  /**
   * Checks the credentials of every request (POST, GET, DELETE, both eras) after the Host and
   * Origin checks and before anything is read or delivered: the `AuthInfo` it returns is
   * each message's `authInfo` (a handler's `ctx.auth`); `undefined` lets the request in
   * anonymously; an `AuthenticationError` is answered with its status, its headers (the
   * `WWW-Authenticate` challenge) and `{"error","error_description"}`; any other throw is a 500
   * (and `onError`). A session is bound to the subject that opened it (`subject`, else
   * `clientId`): a request on it with another subject's credentials gets 403. `bearerAuth(...)`
   * from `@mcpkit/auth` makes one. Default: none (no credentials checked).
   *
   * @example
   * ```ts
   * import { bearerAuth, jwtVerifier } from "@mcpkit/auth";
   * createStreamableHttpHandler({
   *   onSession: (t) => server.connect(t),
   *   authenticate: bearerAuth({
   *     verifier: jwtVerifier({ issuer: "https://auth.example.com", jwksUri: "https://auth.example.com/jwks", audience: "https://mcp.example.com/mcp" }),
   *     resourceMetadataUrl: "https://mcp.example.com/.well-known/oauth-protected-resource/mcp",
   *   }),
   * });
   * ```
   */
  readonly authenticate?: Authenticate;
}

/** The options with their defaults filled in. */
export type ResolvedOptions = Required<
  Omit<StreamableHttpHandlerOptions, "allowedHosts" | "allowedOrigins" | "onStateless" | "authenticate">
> &
  Pick<StreamableHttpHandlerOptions, "allowedHosts" | "allowedOrigins" | "onStateless" | "authenticate">;

export function resolveOptions(options: StreamableHttpHandlerOptions): ResolvedOptions {
  return {
    jsonResponse: "when-ready",
    sessions: true,
    standaloneStream: true,
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
    maxDiscardBytes: DEFAULT_MAX_DISCARD_BYTES,
    maxMessageBytes: 16 * 1024 * 1024,
    maxBatchSize: DEFAULT_MAX_BATCH_SIZE,
    maxSessions: DEFAULT_MAX_SESSIONS,
    idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS,
    maxQueuedMessages: 10_000,
    maxPendingEvents: 1000,
    supportedRevisions: sessionRevisions,
    onError: () => {},
    eventStore: options.eventStore ?? new MemoryEventStore(),
    sessionStore: options.sessionStore ?? new MemorySessionStore(),
    bus: options.bus ?? new MemoryBus(),
    keepAliveMs: 15_000,
    sseRetryMs: 1000,
    closeSseAfterMs: 0,
    cors: false,
    ...withoutUndefined(options),
  };
}

/** `options` without the keys set to `undefined`, so they do not hide the defaults. */
function withoutUndefined<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T;
}
