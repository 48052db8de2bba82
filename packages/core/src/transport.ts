import type { ResumedSession } from "./eras/session-server.js";
import type { JsonRpcPayload, RequestId } from "./jsonrpc/types.js";

/** Who made a request, as a transport establishes it (for example from an HTTP bearer token). */
export interface AuthInfo {
  /** The access token as presented. */
  readonly token: string;
  /** Whom the token speaks for (a JWT's `sub`, introspection's `sub`); sessions are bound to it. */
  readonly subject?: string;
  readonly clientId?: string;
  readonly scopes?: readonly string[];
  /** Seconds since the epoch. */
  readonly expiresAt?: number;
  /** Every claim of the verified token (or of the introspection answer). */
  readonly claims?: Readonly<Record<string, unknown>>;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** What a transport knows about an inbound message beyond its JSON (headers, credentials). */
export interface MessageContext {
  /** Request headers, lower-cased names (HTTP and WebSocket upgrade). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly authInfo?: AuthInfo;
  /** Aborted when the transport learns the sender no longer wants an answer (e.g. an HTTP stream closed). */
  readonly signal?: AbortSignal;
  /**
   * Keeps the runtime serving this message alive until `work` settles, on runtimes that end what a
   * request started once its response is complete (Cloudflare Workers' `ctx.waitUntil`). Set by a
   * transport given one (the web-standard HTTP handler's `handle(request, { waitUntil })`); the
   * engine passes it every handler that answers later, and work that outlives its answer (a task)
   * should pass it that work. Absent elsewhere: nothing needs keeping alive.
   */
  readonly waitUntil?: (work: Promise<unknown>) => void;
}

/** Options for one outbound payload. */
export interface SendOptions {
  /**
   * The inbound request this payload belongs to (its response, or a notification or request made
   * while handling it), so transports with several streams (HTTP) can route it.
   */
  readonly relatedRequestId?: RequestId;
  /**
   * Extra headers for the HTTP request that carries this payload (a client's `Mcp-Param-*`
   * headers). Only the Streamable HTTP client transport uses them; other transports ignore them.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Server side, on an error response: the HTTP status and headers that refusal deserves (e.g. 403
   * with `WWW-Authenticate: Bearer error="insufficient_scope"`). An HTTP transport that has not yet
   * started the response of the POST carrying only this request answers with them; every other
   * transport sends the JSON-RPC error as usual. Set by the engine from an {@link AuthenticationError}.
   */
  readonly httpRefusal?: HttpRefusal;
}

/** An HTTP status and headers to answer with instead of 200 (see `SendOptions.httpRefusal`). */
export interface HttpRefusal {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}

/** A frame a transport could not turn into a JSON value. */
export interface UnreadableFrame {
  /** `parse`: not JSON. `too_large`: over the transport's maximum message size. */
  readonly problem: "parse" | "too_large";
  /** A short description for logs and for the error response, e.g. `Unexpected token } in JSON at position 7`. */
  readonly detail: string;
  readonly context?: MessageContext;
  /**
   * For a `too_large` frame that is an answer to a request of this side: that request's id, when the
   * transport could tell from the few bytes it looked at (its first and last ones, say). The engine
   * then fails that request at once with `LocalError("message_too_large")` instead of letting it
   * wait for its timeout. Leave it out when unsure: naming the wrong request fails an innocent one.
   */
  readonly answersId?: RequestId;
}

/** What a transport tells the engine. Set once, by `start`. */
export interface TransportHandlers {
  /** A parsed JSON value arrived: one message or a batch array, not yet checked against JSON-RPC. */
  onMessage(value: unknown, context?: MessageContext): void;
  /** A frame arrived that is not JSON or is too large; the transport goes on with the next frame. */
  onUnreadable(frame: UnreadableFrame): void;
  /** The transport closed, from either side, or failed for good (`error` says why). Called exactly once. */
  onClose(error?: Error): void;
  /**
   * The answer to this side's request `id` cannot come any more, though the transport goes on (a
   * stateless HTTP answer stream that broke off): the engine fails that request at once with
   * `error`. Optional for the engine to offer; a transport calls it when present.
   */
  onAnswerLost?(id: RequestId, error: Error): void;
}

/**
 * A bidirectional channel of JSON-RPC payloads. The contract every implementation keeps (checked
 * by the transport contract suite):
 *
 * - `start` is called once, before anything else; inbound payloads are delivered to the handlers,
 *   in the order they were sent, only after `start`.
 * - `send` resolves when the payload is handed to the underlying channel (not when the peer has
 *   processed it); payloads are delivered in the order `send` was called. A payload that cannot be
 *   framed (e.g. over the maximum size) rejects with a `LocalError` and the transport stays open.
 * - After close (from either side), `send` rejects with `LocalError("connection_closed")`, nothing
 *   more is written, nothing more is delivered, and `onClose` has been called exactly once.
 * - `close` is idempotent and resolves once the transport is closed.
 * - A transport never throws from a handler callback back into the peer: malformed input is
 *   reported through `onUnreadable` and the transport continues.
 *
 * @example
 * ```ts
 * const [a, b] = createInMemoryPair();
 * await b.start({ onMessage: (value) => console.log(value), onUnreadable: () => {}, onClose: () => {} });
 * await a.start({ onMessage: () => {}, onUnreadable: () => {}, onClose: () => {} });
 * await a.send({ jsonrpc: "2.0", method: "notifications/initialized" });
 * ```
 */
export interface Transport {
  /**
   * The session this transport continues (a session-era session rebuilt in another process of a
   * fleet, or a stateless endpoint's request): the engine starts in its state instead of waiting
   * for `initialize`. Absent for a fresh connection.
   */
  readonly resumedSession?: ResumedSession;
  /**
   * The protocol-level session id the transport carries (Streamable HTTP's `Mcp-Session-Id`), so
   * that state kept by session id (subscriptions, tasks) is the same in every process of a fleet.
   */
  readonly sessionId?: string;
  /**
   * True while another process of a fleet holds this session's standalone stream: announcements
   * the server makes to all its sessions (list changes, resource updates, server-wide logs) are
   * left to that process's copy of the session, so the client hears each once.
   */
  readonly streamElsewhere?: boolean;
  /**
   * True once the transport has closed only in this process while its session goes on in others
   * (a fleet dropped an idle copy): the server keeps the session's state (subscriptions, tasks).
   */
  readonly handedOff?: boolean;
  /** Opens the channel and starts delivering what arrives to `handlers`; called once, first. */
  start(handlers: TransportHandlers): Promise<void>;
  /** Hands one payload to the channel; resolves when it is handed over, not when it is processed. */
  send(payload: JsonRpcPayload, options?: SendOptions): Promise<void>;
  /** Closes the channel; idempotent, resolves once closed. */
  close(): Promise<void>;
  /** Resolves when the transport has closed, from either side. */
  readonly closed: Promise<void>;
  /**
   * A new, unstarted transport with the same options (a client transport: same URL or command,
   * no session), for a client that reconnects after losing this one. Optional.
   */
  reopen?(): Transport;
}

/**
 * What a transport's `send` can return when it handed the payload over at once: one shared,
 * already resolved promise. The engine recognises it and skips the rejection handler it would
 * otherwise attach to every send, which matters on the per-message hot path. Returning any other
 * promise is always correct too.
 *
 * @example
 * ```ts
 * class LineWriter {
 *   closed = false;
 *   constructor(private readonly socket: NodeJS.WritableStream) {}
 *   send(payload: JsonRpcPayload): Promise<void> {
 *     if (this.closed) return Promise.reject(new LocalError("connection_closed", "closed"));
 *     this.socket.write(`${JSON.stringify(payload)}\n`);
 *     return SENT;
 *   }
 * }
 * ```
 */
export const SENT: Promise<void> = Promise.resolve();
