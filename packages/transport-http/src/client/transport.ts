import {
  LocalError,
  type JsonRpcPayload,
  type RequestId,
  type SendOptions,
  type Transport,
  type TransportHandlers,
} from "@mcpkit/core";
import { UNREADABLE, encodePayload, parseFrame } from "../shared/frame.js";
import { Header, MediaType } from "../shared/headers.js";
import { isRequest, isResponse, membersOf, negotiatedVersionIn, requestIdsOf } from "../shared/messages.js";
import { AbortSwitch } from "./abort-switch.js";
import { type AnswerHost, readAnswer } from "./answer.js";
import { defaultSender } from "./default-sender.js";
import { HttpStatusError, SessionExpiredError } from "./errors.js";
import { ResumableStream, type StreamEnd } from "./event-stream.js";
import { type GetHost, openGet } from "./get-stream.js";
import { HttpChannel, POST_ACCEPT } from "./http-channel.js";
import type { ExchangePurpose, HttpMethod, StreamableHttpClientOptions } from "./options.js";
import { ReconnectPolicy } from "./reconnect.js";
import { PostExchange, answersExchange, cancelledRequestId, describe } from "./post-exchange.js";
import { ExchangeTable } from "./exchange-table.js";
import { FetchSender } from "./fetch-sender.js";
import { isSuccess } from "./http-sender.js";
import { DEFAULT_MAX_REDIRECTS } from "./redirect.js";
import { PostOrder } from "./post-order.js";
import type { HeaderRecord } from "./request-headers.js";
import { statelessRevisionOf } from "./stateless.js";

/**
 * The client side of Streamable HTTP, both eras, as a core `Transport`. Each message is its own
 * POST; JSON and SSE answers are both read. On Node it sends with node:http(s) over a keep-alive
 * agent of its own (closed with the transport); elsewhere, or when `fetch` is given, with `fetch`.
 *
 * Session era (2025-03-26 to 2025-11-25): POSTs go out in order (the next once the previous
 * one's response headers are in, or, after a request, `requestOrderHoldMs` after it was sent); it echoes `Mcp-Session-Id`, sends `MCP-Protocol-Version` once
 * the revision is known, keeps a standalone GET stream open, and sends DELETE on close. A dropped
 * SSE stream (a POST's answer before its response came, or the GET stream) is resumed by GET with
 * `Last-Event-ID`, with backoff that honours the server's `retry`; priming events are recorded,
 * not delivered; replayed events already seen are dropped. When resuming fails `maxAttempts`
 * times in a row, the transport closes with a `LocalError("transport_failed")` saying so (the
 * connection's pending requests then fail with `connection_closed`, that error as the cause).
 * A 404 to a request of a live session closes the transport (`sessionExpired` true, `closeError`
 * and the rejected `send` a {@link SessionExpiredError}; `onClose` gets no error, as for any close
 * from the server's side): start again with `initialize`.
 *
 * Stateless era (2026-07-28), chosen per request from its `_meta` protocol version: no session
 * id, `MCP-Protocol-Version` from the envelope, `Mcp-Method`/`Mcp-Name` mirrored from the body, no
 * GET stream, no resuming (a broken answer stream closes the transport with an error). A
 * `notifications/cancelled` for a request in flight aborts that request's HTTP exchange instead
 * of being POSTed (closing the stream is how HTTP cancels); a `subscriptions/listen` answer stream
 * stays open delivering notifications until its response or `close`. An HTTP error whose body is the
 * JSON-RPC error answering the request (e.g. 400 with -32022) is delivered as that answer.
 *
 * No request follows a redirect to another origin: it rejects with `RedirectRefusedError`. A
 * same-origin one is followed by the transport (`maxRedirects`) and the next request still goes
 * to `url`. An answer over `maxMessageBytes` fails its request at once (`message_too_large`).
 *
 * @example
 * ```ts
 * const transport = new StreamableHttpClientTransport("http://127.0.0.1:3000/mcp", {
 *   headers: () => ({ authorization: `Bearer ${token}` }),
 *   reconnect: { initialDelayMs: 500, maxAttempts: 8 },
 * });
 * const client = new Connection({ era: new SessionClientEra({ clientInfo }) });
 * await client.connect(transport);
 * ```
 */
export class StreamableHttpClientTransport implements Transport {
  readonly closed: Promise<void>;
  private handlers: TransportHandlers | undefined;
  private session: string | undefined;
  private version: string | undefined;
  /** The stateless revision of the latest request sent, if it was a stateless one. */
  private statelessVersion: string | undefined;
  private initializeId: RequestId | undefined;
  private readonly order: PostOrder;
  /** Aborts the standalone GET stream at close; each POST has its own (see PostExchange). */
  private readonly aborter = new AbortSwitch();
  private readonly exchanges = new ExchangeTable();
  private closing: Promise<void> | undefined;
  private ended = false;
  private expired = false;
  private failure: Error | undefined;
  private getOpen = false;
  private getRefused = false;
  private resolveClosed: () => void = () => {};
  private readonly channel: HttpChannel;
  private readonly policy: ReconnectPolicy;
  /** What the answer readers and GETs see of the transport (see answer.ts, get-stream.ts). */
  private readonly host: AnswerHost & GetHost;

  constructor(
    readonly url: string,
    private readonly options: StreamableHttpClientOptions = {},
  ) {
    if (options.sender && options.fetch) {
      throw new TypeError("give the Streamable HTTP client transport either `sender` or `fetch`, not both");
    }
    const sender = options.sender ?? (options.fetch ? new FetchSender(options.fetch) : defaultSender());
    const maxMessageBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    this.channel = new HttpChannel(url, options, sender, maxMessageBytes, maxRedirects);
    this.policy = new ReconnectPolicy(options.reconnect);
    this.host = this.hostView();
    this.order = new PostOrder(options.requestOrderHoldMs ?? 50);
    this.session = options.sessionId;
    this.version = options.protocolVersion;
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
  }

  /**
   * A new, unstarted transport to the same URL with the same options, and no session: what a
   * client reconnecting after an expired session starts again with.
   */
  reopen(): StreamableHttpClientTransport {
    const { sessionId: _s, protocolVersion: _p, ...options } = this.options;
    return new StreamableHttpClientTransport(this.url, options);
  }

  /** The session id the server gave (or the one passed in), once there is one. */
  get sessionId(): string | undefined {
    return this.session;
  }

  /** The revision sent as `MCP-Protocol-Version` in the session era, once known. */
  get protocolVersion(): string | undefined {
    return this.version;
  }

  /** Sets the revision sent as `MCP-Protocol-Version` (when negotiation happened elsewhere). */
  setProtocolVersion(version: string): void {
    this.version = version;
  }

  /** True once the server answered 404 for the session: it expired or was ended; re-initialize. */
  get sessionExpired(): boolean {
    return this.expired;
  }

  /** Why the transport closed on its own (a {@link SessionExpiredError}, resuming gave up), if it did. */
  get closeError(): Error | undefined {
    return this.failure;
  }

  /** Starts the transport: from now on what arrives goes to `handlers`. */
  async start(handlers: TransportHandlers): Promise<void> {
    if (this.handlers) throw new LocalError("invalid_message", "the transport is already started");
    if (this.ended) throw new LocalError("connection_closed", "the HTTP transport is closed");
    this.handlers = handlers;
    this.openStandalone();
  }

  /**
   * POSTs `payload`, with `options.headers` added to that POST (e.g. `Mcp-Param-*`); the routing
   * options do not matter to a client: every message is its own POST.
   */
  send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    if (this.closing || this.ended || this.expired) {
      return Promise.reject(new LocalError("connection_closed", "the HTTP transport is closed"));
    }
    let body: string;
    try {
      body = encodePayload(payload, this.channel.maxMessageBytes);
    } catch (error) {
      return Promise.reject(error);
    }
    const request = isRequest(payload) ? payload : undefined;
    if (request) this.statelessVersion = statelessRevisionOf(payload);
    const cancelled = cancelledRequestId(payload);
    if (cancelled !== undefined) {
      // Either era: the cancelled request's stream no longer waits (and is not resumed) for it.
      const target = this.exchanges.stopWaiting(cancelled);
      // Stateless HTTP cancels by closing the request's stream; the notification is for stdio.
      if ((target ? target.stateless : this.statelessVersion) !== undefined) {
        target?.abort.abort();
        return Promise.resolve();
      }
    }
    if (request?.method === "initialize") this.initializeId = request.id;
    const exchange = new PostExchange(requestIdsOf(payload), describe(payload), this.statelessVersion);
    this.exchanges.add(exchange);
    const kind =
      exchange.stateless !== undefined
        ? "independent"
        : request !== undefined && request.method !== "initialize"
          ? "request"
          : "ordered";
    const posted = this.order.enqueue(kind, (dispatched) =>
      this.post(body, payload, exchange, dispatched, options?.headers),
    );
    posted.catch(() => this.exchanges.release(exchange));
    return posted;
  }

  /** Closes the transport; idempotent, resolves once it is closed. */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    // Sends called before close() go out first: each resolves (delivered) or rejects.
    await this.order.settled();
    const session = this.expired ? undefined : this.session;
    this.finish();
    if (session !== undefined) {
      // DELETE ends the session, given up after `closeTimeoutMs`.
      const headers = () => this.headersFor("DELETE", "terminate", {});
      await this.channel.deleteSession(headers, session, this.options.closeTimeoutMs ?? 2000);
    }
    this.channel.sender.close();
  }

  private async post(
    body: string,
    payload: JsonRpcPayload,
    exchange: PostExchange,
    dispatched: () => void,
    extra: Readonly<Record<string, string>> | undefined,
  ): Promise<void> {
    if (this.ended || this.expired) {
      throw new LocalError("connection_closed", "the HTTP transport is closed");
    }
    const stateless = exchange.stateless;
    const hadSession = stateless === undefined && this.session !== undefined;
    const base = { "content-type": MediaType.json, accept: POST_ACCEPT };
    const headers = () => this.headersFor("POST", "message", base, payload, stateless, extra);
    const response = await this.channel.post(headers, body, exchange, dispatched, () => this.ended);
    this.channel.report("POST", "message", response);
    if (response.status === 404 && hadSession) {
      response.cancel();
      throw this.sessionGone(true);
    }
    if (!isSuccess(response)) {
      const text = await this.channel.errorText(response);
      // An error answering this very request (stateless refusals carry the id) is its answer.
      if (answersExchange(text, exchange)) {
        this.exchanges.release(exchange);
        this.deliverText(text);
        return;
      }
      throw new HttpStatusError(response.status, response.statusText, text, response.headers());
    }
    const minted = response.header(Header.sessionId);
    if (stateless === undefined && minted !== null && this.session === undefined) this.session = minted;
    void readAnswer(this.host, response, exchange);
    if (!hadSession && this.session !== undefined) this.openStandalone();
  }

  private streamEnded(end: StreamEnd, fatalRefusal: boolean): void {
    // too_large: the owed requests already failed (answerTooLarge); the transport goes on.
    if (this.ended) return;
    if (end.kind === "failed" || (end.kind === "refused" && fatalRefusal)) this.fail(end.error);
    else if (end.kind === "refused") this.getRefused = true;
  }

  private tooLarge(detail: string): void {
    if (this.ended || !this.handlers) return;
    this.handlers.onUnreadable({ problem: "too_large", detail });
  }

  private deliverText(text: string): void {
    if (this.ended || !this.handlers) return;
    const value = parseFrame(text, this.handlers);
    if (value === UNREADABLE) return;
    for (const member of membersOf(value)) {
      if (isResponse(member) && member.id !== null) this.exchanges.stopWaiting(member.id);
    }
    if (this.initializeId !== undefined) {
      const negotiated = negotiatedVersionIn(value, this.initializeId);
      if (negotiated !== undefined) {
        this.version = negotiated;
        this.initializeId = undefined;
      }
    }
    this.handlers.onMessage(value);
  }

  /** Opens the standalone GET stream when it can and should, and keeps it open. */
  private openStandalone(): void {
    if (this.options.standaloneStream === false || this.getRefused || this.getOpen) return;
    if (this.session === undefined || this.ended || this.closing || !this.handlers) return;
    this.getOpen = true;
    void this.runStandalone().finally(() => {
      this.getOpen = false;
    });
  }

  private async runStandalone(): Promise<void> {
    const abort = this.aborter;
    const opened = await openGet(this.host, "", abort);
    if (opened.kind !== "stream") {
      // No GET stream on this server (405), or not now: carry on without it.
      if (opened.kind !== "fatal" || !(opened.error instanceof SessionExpiredError)) this.getRefused = true;
      return;
    }
    const end = await new ResumableStream(
      {
        deliver: (data) => this.deliverText(data),
        tooLarge: (detail) => this.tooLarge(detail),
        finished: () => false,
        reopen: (lastEventId) => openGet(this.host, lastEventId, abort),
      },
      {
        what: "the standalone GET stream",
        policy: this.policy,
        abort,
        resumable: true,
        reopenWithoutId: true,
        maxDataLength: this.channel.maxMessageBytes,
      },
    ).run(opened.reply);
    this.streamEnded(end, false);
  }

  private headersFor(
    method: HttpMethod,
    purpose: ExchangePurpose,
    base: HeaderRecord,
    message?: JsonRpcPayload,
    stateless?: string,
    extra?: Readonly<Record<string, string>>,
  ): HeaderRecord | Promise<HeaderRecord> {
    const state = { sessionId: this.session, protocolVersion: this.version };
    return this.channel.headersFor(state, method, purpose, base, message, stateless, extra);
  }

  /** The transport as the answer readers and GETs see it: live state and the steps they take. */
  private hostView(): AnswerHost & GetHost {
    const self = this;
    return {
      channel: this.channel,
      policy: this.policy,
      exchanges: this.exchanges,
      get ended() {
        return self.ended;
      },
      get handlers() {
        return self.handlers;
      },
      get sessionId() {
        return self.session;
      },
      get protocolVersion() {
        return self.version;
      },
      deliverText: (text) => this.deliverText(text),
      tooLarge: (detail) => this.tooLarge(detail),
      openGet: (lastEventId, abort) => openGet(this.host, lastEventId, abort),
      streamEnded: (end, fatalRefusal) => this.streamEnded(end, fatalRefusal),
      fail: (error) => this.fail(error),
      sessionGone: () => this.sessionGone(),
    };
  }

  /**
   * The server does not know the session any more: close, marked as expired. With `deferClose`
   * (a POST's 404) the close waits a tick, so the rejected send reaches its request first and
   * the caller sees this error rather than a bare "connection closed".
   */
  private sessionGone(deferClose = false): SessionExpiredError {
    const error = new SessionExpiredError(this.session ?? "");
    if (this.ended || this.expired) return error;
    this.expired = true;
    this.channel.log(
      "warn",
      { sessionId: this.session },
      "the server answered 404 for the session: it expired or was ended",
    );
    this.failure = error;
    // The server ended the session: a close from the peer's side, so onClose gets no error
    // (the transport contract); `closeError` and the failed send carry the explanation.
    if (deferClose) setTimeout(() => this.finish(), 0);
    else this.finish();
    return error;
  }

  private fail(error: Error): void {
    if (this.ended) return;
    this.channel.log("error", { err: error }, `the transport closed: ${error.message}`);
    this.failure = error;
    this.finish(error);
  }

  private finish(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.aborter.abort();
    this.exchanges.abortAll();
    this.handlers?.onClose(error);
    this.resolveClosed();
  }
}
