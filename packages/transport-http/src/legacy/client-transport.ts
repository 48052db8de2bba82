import { LocalError, type JsonRpcPayload, type Transport, type TransportHandlers } from "@mcpkit/core";
import { AbortSwitch } from "../client/abort-switch.js";
import type { ClientAuthProvider } from "@mcpkit/core";
import { sendAuthorized } from "../client/auth.js";
import { defaultSender } from "../client/default-sender.js";
import { HttpStatusError } from "../client/errors.js";
import { FetchSender } from "../client/fetch-sender.js";
import { type HttpCall, type HttpReply, type HttpSender, isSuccess } from "../client/http-sender.js";
import type { HeaderValues, HttpExchange, OutgoingHttpRequest } from "../client/options.js";
import { isSse } from "../client/post-exchange.js";
import {
  DEFAULT_MAX_REDIRECTS,
  RedirectRefusedError,
  followRedirects,
  isRedirect,
} from "../client/redirect.js";
import { type HeaderRecord, setHeaders } from "../client/request-headers.js";
import { SseParser } from "../client/sse-parser.js";
import { UNREADABLE, encodePayload, parseFrame } from "../shared/frame.js";
import { MediaType } from "../shared/headers.js";

/** Options of {@link LegacySseClientTransport}. */
export interface LegacySseClientOptions {
  /** The fetch to use; given, every request goes through it. Default: as for `sender`. */
  readonly fetch?: typeof fetch;
  /**
   * What sends the HTTP requests (see `HttpSender`). Default: node:http on Node, the global
   * `fetch` elsewhere, as for the Streamable HTTP client. Not together with `fetch`.
   */
  readonly sender?: HttpSender;
  /**
   * Extra headers for each HTTP request (e.g. `Authorization`), asked for every time: the SSE GET
   * (purpose `standalone`) and each POST (purpose `message`). Applied last, so they may override
   * the transport's own.
   */
  readonly headers?: (request: OutgoingHttpRequest) => HeaderValues | Promise<HeaderValues>;
  /**
   * Credentials for the SSE GET and every POST (see `StreamableHttpClientOptions.authProvider`):
   * its headers are added to each request; a 401/403 goes to its `onChallenge` and the request is
   * sent once more when that resolves `"retry"` (a different challenge to that gets one more
   * round, at most two); what it throws fails `start` or the send.
   */
  readonly authProvider?: ClientAuthProvider;
  /** Told about every HTTP exchange (status 0 when it failed without a response). */
  readonly onExchange?: (exchange: HttpExchange) => void;
  /** How long `start` waits for the `endpoint` event after the GET. Default 10 000 ms. */
  readonly endpointTimeoutMs?: number;
  /**
   * Largest message in bytes, both ways: a larger outbound one rejects `send` with
   * `message_too_large`; a larger `message` event (its data, in characters) is dropped, never held
   * whole, and reported to `onUnreadable` as `too_large`. Default 16 MiB.
   */
  readonly maxMessageBytes?: number;
  /**
   * How many same-origin redirects one request may follow; a redirect to another origin is never
   * followed (see `StreamableHttpClientOptions.maxRedirects`). Default 5.
   */
  readonly maxRedirects?: number;
  /**
   * How long `close` lets POSTs already under way finish before aborting them (they then reject
   * with `connection_closed`). Default 2000 ms.
   */
  readonly closeTimeoutMs?: number;
}

/** How much of a POST's answer (202 "Accepted") is read so its connection can be reused. */
const POST_ANSWER_BYTES = 64 * 1024;

const closedError = () => new LocalError("connection_closed", "the SSE transport is closed");

/**
 * The client side of the deprecated HTTP+SSE transport (revision 2024-11-05), as a core
 * `Transport`, sending as the Streamable HTTP client does (node:http on Node, `fetch` elsewhere
 * or when given). `start` GETs the SSE URL and waits (bounded) for the `endpoint` event, whose
 * URL it resolves against the configured SSE URL and requires to be of the same origin (so the
 * server cannot send the client's credentials elsewhere). Each message is then POSTed there, in
 * order; everything the server sends arrives as `message` events on the stream. No request
 * follows a redirect to another origin (`RedirectRefusedError`), and one followed within the
 * origin does not move the base the endpoint is resolved against. `close` aborts the stream,
 * which ends the session on the server; the server ending the stream closes the transport (it is
 * never reopened).
 *
 * @example
 * ```ts
 * const transport = new LegacySseClientTransport("http://127.0.0.1:3000/sse", {
 *   headers: () => ({ authorization: `Bearer ${token}` }),
 * });
 * const client = new Client({ clientInfo: { name: "app", version: "1.0.0" }, revision: "2024-11-05" });
 * await client.connect(transport);
 * ```
 */
export class LegacySseClientTransport implements Transport {
  readonly closed: Promise<void>;
  private handlers: TransportHandlers | undefined;
  private endpoint: URL | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly aborter = new AbortSwitch();
  private closing: Promise<void> | undefined;
  private ended = false;
  private resolveClosed: () => void = () => {};
  private readonly sender: HttpSender;
  private readonly maxMessageBytes: number;
  private readonly maxRedirects: number;

  constructor(
    readonly url: string,
    private readonly options: LegacySseClientOptions = {},
  ) {
    if (options.sender && options.fetch) {
      throw new TypeError("give the HTTP+SSE client transport either `sender` or `fetch`, not both");
    }
    this.sender = options.sender ?? (options.fetch ? new FetchSender(options.fetch) : defaultSender());
    this.maxMessageBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
    this.maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
  }

  /** The URL messages are POSTed to, once the `endpoint` event named it. */
  get endpointUrl(): string | undefined {
    return this.endpoint?.href;
  }

  /** The session id in the endpoint URL's `sessionId` parameter, when it has one. */
  get sessionId(): string | undefined {
    return this.endpoint?.searchParams.get("sessionId") ?? undefined;
  }

  /**
   * Opens the SSE stream and waits for the `endpoint` event. Rejects with `HttpStatusError` when
   * the GET is refused (`RedirectRefusedError` when redirected to another origin),
   * `LocalError("transport_failed")` when no usable endpoint arrives in time; the transport is
   * then closed (without `onClose`: it never opened).
   */
  async start(handlers: TransportHandlers): Promise<void> {
    if (this.handlers) throw new LocalError("invalid_message", "the transport is already started");
    if (this.ended || this.closing) throw closedError();
    this.handlers = handlers;
    try {
      await this.open();
    } catch (error) {
      this.ended = true;
      this.aborter.abort();
      this.sender.close();
      this.resolveClosed();
      throw error;
    }
  }

  /** Sends one payload (a message or a batch) to the peer. */
  send(payload: JsonRpcPayload): Promise<void> {
    if (this.closing || this.ended) return Promise.reject(closedError());
    if (!this.endpoint) {
      return Promise.reject(new LocalError("transport_failed", "start() has not opened the SSE stream yet"));
    }
    let body: string;
    try {
      body = encodePayload(payload, this.maxMessageBytes);
    } catch (error) {
      return Promise.reject(error);
    }
    const posted = this.queue.then(() => this.post(payload, body));
    this.queue = posted.catch(() => {});
    return posted;
  }

  /** Closes the transport; idempotent, resolves once it is closed. */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  /** Lets the POSTs under way finish (bounded), then drops the stream, which ends the session. */
  private async shutDown(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.closeTimeoutMs ?? 2000);
    });
    await Promise.race([this.queue, limit]);
    clearTimeout(timer);
    this.finish();
  }

  private async open(): Promise<void> {
    const exchange = { method: "GET", url: this.url, purpose: "standalone" } as const;
    let response: HttpReply;
    try {
      const headers = await this.headersFor(exchange, { accept: MediaType.sse });
      response = await this.exchange({ method: "GET", url: this.url, headers, abort: this.aborter });
    } catch (error) {
      this.options.onExchange?.({ ...exchange, status: 0, statusText: "", error: error as Error });
      if (error instanceof RedirectRefusedError || hasStatus(error)) throw error;
      throw new LocalError("transport_failed", `the SSE GET failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    this.options.onExchange?.({ ...exchange, status: response.status, statusText: response.statusText });
    if (!isSuccess(response)) throw await this.statusError(response);
    if (!isSse(response)) {
      const type = response.header("content-type")?.split(";")[0]?.trim().toLowerCase();
      response.cancel();
      throw new LocalError(
        "transport_failed",
        `the SSE GET answered ${type ?? "no content type"}, not an SSE stream`,
      );
    }
    // The endpoint is resolved against the configured URL, never one a redirect led to.
    const base = this.url;
    const timeoutMs = this.options.endpointTimeoutMs ?? 10_000;
    await new Promise<void>((resolve, reject) => {
      let waiting = true;
      const opened = (error?: Error) => {
        if (!waiting) return;
        waiting = false;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(
        () => opened(new LocalError("transport_failed", `no endpoint event within ${timeoutMs} ms`)),
        timeoutMs,
      );
      void this.read(response, base, opened, () => waiting);
    });
  }

  /**
   * Reads the stream until it ends. Until the endpoint arrives, `opened` is told the outcome and
   * a failure is start's to report; after, the stream ending closes the transport.
   */
  private async read(
    body: HttpReply,
    base: string,
    opened: (error?: Error) => void,
    opening: () => boolean,
  ): Promise<void> {
    const parser = new SseParser("", this.maxMessageBytes);
    let broken: Error | undefined;
    let stop = false;
    try {
      await body.stream((text) => {
        for (const event of parser.push(text)) {
          if (this.ended) return false;
          if (event.event === "endpoint" && opening()) {
            const problem = this.takeEndpoint(event.data, base);
            opened(problem);
            if (problem) {
              stop = true;
              return false;
            }
          } else if (event.event === "message") {
            if (event.tooLarge) this.tooLarge();
            else this.deliver(event.data);
          }
        }
        return true;
      });
    } catch (error) {
      broken = new LocalError("transport_failed", `the SSE stream broke: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (this.ended || stop) return;
    if (opening()) {
      opened(broken ?? new LocalError("transport_failed", "the SSE stream ended before an endpoint event"));
      return;
    }
    // The server ended the stream (or it broke): the session is over.
    this.finish(broken);
  }

  private takeEndpoint(data: string, base: string): Error | undefined {
    let endpoint: URL;
    try {
      endpoint = new URL(data.trim(), base);
    } catch {
      return new LocalError("transport_failed", `the endpoint event holds no URL: ${JSON.stringify(data)}`);
    }
    if (endpoint.origin !== new URL(base).origin) {
      return new LocalError(
        "transport_failed",
        `the endpoint event names another origin (${endpoint.origin}) than the SSE stream's`,
      );
    }
    this.endpoint = endpoint;
    return undefined;
  }

  private tooLarge(): void {
    if (this.ended || !this.handlers) return;
    const detail = `a message event on the SSE stream is over ${this.maxMessageBytes} characters (maxMessageBytes)`;
    this.handlers.onUnreadable({ problem: "too_large", detail });
  }

  private deliver(text: string): void {
    if (this.ended || !this.handlers) return;
    const value = parseFrame(text, this.handlers);
    if (value === UNREADABLE) return;
    this.handlers.onMessage(value);
  }

  private async post(payload: JsonRpcPayload, body: string): Promise<void> {
    if (this.ended) throw closedError();
    const url = (this.endpoint as URL).href;
    const exchange = { method: "POST", url, purpose: "message" } as const;
    let response: HttpReply;
    try {
      const headers = await this.headersFor(
        { ...exchange, message: payload },
        { "content-type": MediaType.json },
      );
      response = await this.exchange({ method: "POST", url, headers, body, abort: this.aborter });
    } catch (error) {
      this.options.onExchange?.({ ...exchange, status: 0, statusText: "", error: error as Error });
      if (this.ended) throw closedError();
      if (error instanceof RedirectRefusedError || hasStatus(error)) throw error;
      throw new LocalError("transport_failed", `the POST failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    this.options.onExchange?.({ ...exchange, status: response.status, statusText: response.statusText });
    if (response.status === 404) {
      response.cancel();
      // The server no longer knows the session: its stream is gone too.
      this.finish();
      throw new LocalError("connection_closed", "the server ended the SSE session (HTTP 404)");
    }
    if (!isSuccess(response)) throw await this.statusError(response);
    // Read out (bounded), not cancelled: a read-out answer leaves its connection reusable.
    await response.text(POST_ANSWER_BYTES).catch(() => undefined);
  }

  /**
   * Sends `call` with the auth provider's headers (if there is one; a 401/403 goes to it and may be
   * sent once more), following the redirects that may be followed (see redirect.ts).
   */
  private exchange(call: HttpCall): Promise<HttpReply> {
    return sendAuthorized(this.options.authProvider, call, (next) => this.follow(next));
  }

  /** Sends `call`, following the redirects that may be followed (see redirect.ts). */
  private async follow(call: HttpCall): Promise<HttpReply> {
    const reply = await this.sender.send(call);
    return isRedirect(reply) ? followRedirects(this.sender, call, reply, this.maxRedirects) : reply;
  }

  private async statusError(response: HttpReply): Promise<HttpStatusError> {
    const text = (await response.text(this.maxMessageBytes).catch(() => undefined)) ?? "";
    return new HttpStatusError(response.status, response.statusText, text, response.headers());
  }

  private async headersFor(
    request: Omit<OutgoingHttpRequest, "sessionId">,
    base: HeaderRecord,
  ): Promise<HeaderRecord> {
    const extra = await this.options.headers?.({ ...request, sessionId: this.sessionId });
    if (extra) setHeaders(base, extra);
    return base;
  }

  private finish(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.aborter.abort();
    this.sender.close();
    this.handlers?.onClose(error);
    this.resolveClosed();
  }
}

/** Whether `error` carries an HTTP status (an auth provider's error for a 401/403). */
function hasStatus(error: unknown): boolean {
  return error instanceof Error && typeof (error as { status?: unknown }).status === "number";
}
