import type { ClientAuthProvider, JsonRpcPayload, Logger } from "@mcpkit/core";
import type { HttpSender } from "./http-sender.js";
import type { ReconnectOptions } from "./reconnect.js";

/** Headers as the hook may give them. */
export type HeaderValues = Readonly<Record<string, string>> | Headers;

/** The HTTP methods the client transport uses. */
export type HttpMethod = "POST" | "GET" | "DELETE";

/**
 * Why an HTTP request was made: `message` (a POST carrying a message), `standalone` (the GET
 * stream for server-initiated messages), `resume` (a GET with `Last-Event-ID` resuming a dropped
 * stream), `terminate` (the DELETE ending the session).
 */
export type ExchangePurpose = "message" | "standalone" | "resume" | "terminate";

/** What the per-request header hook is told. */
export interface OutgoingHttpRequest {
  readonly method: HttpMethod;
  readonly url: string;
  /** The session id the request carries (never set in the stateless era). */
  readonly sessionId: string | undefined;
  readonly purpose: ExchangePurpose;
  /** The message a POST carries. */
  readonly message?: JsonRpcPayload;
}

/** What the transport reports about each HTTP exchange, failed ones included. */
export interface HttpExchange {
  readonly method: HttpMethod;
  readonly url: string;
  readonly purpose: ExchangePurpose;
  /** The response status; 0 when no response came (`error` says why). */
  readonly status: number;
  readonly statusText: string;
  /** The network failure, when there was no response. */
  readonly error?: Error;
}

/** Options of the Streamable HTTP client transport. */
export interface StreamableHttpClientOptions {
  /**
   * The fetch to use; given, every request goes through it (on Node too). Inject one to test
   * in-process or to add a proxy. Default on Node: node:http (see `sender`); elsewhere the
   * global `fetch`.
   */
  readonly fetch?: typeof fetch;
  /**
   * What sends the HTTP requests, instead of the default: on Node, e.g.
   * `nodeHttpSender({ agent })` from `@mcpkit/transport-http/node` for an agent with TLS or
   * socket options of your own. Not together with `fetch`.
   */
  readonly sender?: HttpSender;
  /**
   * Extra headers for each HTTP request (e.g. `Authorization`), asked for every time: POST, GET
   * and DELETE. They are applied last, so they may override the transport's own headers.
   */
  readonly headers?: (request: OutgoingHttpRequest) => HeaderValues | Promise<HeaderValues>;
  /**
   * Credentials for every request (POST, GET, DELETE), e.g. `OAuthClientProvider` from
   * `@mcpkit/auth`: its `headers()` are added after the `headers` hook's; a 401 or 403 goes to its
   * `onChallenge`, and when that resolves `"retry"` the request is sent once more with fresh
   * headers; if that answer is a different 401/403 (a DPoP server asking for its nonce once it
   * sees the new token), it gets one more round, never more than two. What `onChallenge` throws fails the request (and `connect()`) as an HTTP refusal,
   * never as a protocol-version problem. Every other answer is shown to `onResponse`.
   */
  readonly authProvider?: ClientAuthProvider;
  /** Told about every HTTP exchange: its method, purpose and status (0 when it failed). */
  readonly onExchange?: (exchange: HttpExchange) => void;
  /** Join an existing session instead of starting one with `initialize`. */
  readonly sessionId?: string;
  /** The negotiated revision, if known; otherwise it is read from the initialize result passing through. */
  readonly protocolVersion?: string;
  /**
   * Largest message in bytes, both ways: a larger outbound one rejects `send` with
   * `message_too_large`; a larger inbound one (an SSE event's data, in characters, or a JSON
   * answer) is dropped and reported to `onUnreadable` as `too_large`. Default 16 MiB.
   */
  readonly maxMessageBytes?: number;
  /** Open the standalone GET stream once the session exists (405 is accepted quietly). Default true. */
  readonly standaloneStream?: boolean;
  /**
   * Session era: how long a request's POST holds back the next POST while its response headers
   * are not in. Holding keeps the order at the server (headers mean the server has the request);
   * a server that answers with one JSON body sends its headers only with the result, so a slow
   * call must not hold later requests, or the `notifications/cancelled` aimed at it, for its whole
   * run. `initialize`, notifications and responses always wait for their headers. Default 50 ms.
   */
  readonly requestOrderHoldMs?: number;
  /**
   * How many redirects one request may follow. Only redirects to the origin of the configured URL
   * are followed (307/308 keep the method and body; one that would turn a POST into a GET is
   * refused), and every later request still goes to the configured URL; a redirect to another
   * origin, or past this count, rejects with `RedirectRefusedError`. 0 follows none. Default 5.
   */
  readonly maxRedirects?: number;
  /** How long `close` waits for the DELETE. Default 2000 ms. */
  readonly closeTimeoutMs?: number;
  /** Backoff for resuming dropped SSE streams with `Last-Event-ID`. */
  readonly reconnect?: ReconnectOptions;
  /**
   * A structured logger (pino's signature; `console` fits too) for what no request is told:
   * `warn` when the session expired (404), `info` when a dropped stream is resumed, `debug` for
   * each failed attempt and a server without a GET stream, `error` when the transport gives up,
   * `warn` when the DELETE ending the session failed.
   */
  readonly logger?: Logger;
}
