import {
  LocalError,
  type JsonRpcPayload,
  type RequestId,
  type Transport,
  type TransportHandlers,
} from "@mcpkit/core";
import { encodePayload } from "../shared/frame.js";
import { Header, MediaType } from "../shared/headers.js";
import { isRequest, negotiatedVersionIn } from "../shared/messages.js";
import { HttpStatusError } from "./errors.js";
import { readSse } from "./sse-parser.js";

/** Headers as the hook may give them. */
export type HeaderValues = Readonly<Record<string, string>> | Headers;

/** What the per-request header hook is told. */
export interface OutgoingHttpRequest {
  readonly method: "POST" | "GET" | "DELETE";
  readonly url: string;
  readonly sessionId: string | undefined;
}

/** What the transport reports about each HTTP exchange. */
export interface HttpExchange {
  readonly method: "POST" | "GET" | "DELETE";
  readonly status: number;
}

/** Options of {@link StreamableHttpClientTransport}. */
export interface StreamableHttpClientOptions {
  /** The fetch to use. Default: the global `fetch`. Inject one to test in-process or to add a proxy. */
  readonly fetch?: typeof fetch;
  /** Extra headers for each HTTP request (e.g. `Authorization`), asked for every time. */
  readonly headers?: (request: OutgoingHttpRequest) => HeaderValues | Promise<HeaderValues>;
  /** Told the status of every HTTP response. */
  readonly onExchange?: (exchange: HttpExchange) => void;
  /** Join an existing session instead of starting one with `initialize`. */
  readonly sessionId?: string;
  /** The negotiated revision, if known; otherwise it is read from the initialize result passing through. */
  readonly protocolVersion?: string;
  /** Largest outbound message in bytes; larger rejects `send` with `message_too_large`. Default 16 MiB. */
  readonly maxMessageBytes?: number;
  /** Open the standalone GET stream once the session exists (405 is accepted quietly). Default true. */
  readonly standaloneStream?: boolean;
  /** How long `close` waits for the DELETE. Default 2000 ms. */
  readonly closeTimeoutMs?: number;
}

type Method = OutgoingHttpRequest["method"];

/**
 * The client side of Streamable HTTP (session era), as a core `Transport`, on `fetch`. Each
 * message is its own POST, sent in order (the next POST leaves once the previous one's response
 * headers are in); JSON and SSE answers are both read. It echoes `Mcp-Session-Id`, sends
 * `MCP-Protocol-Version` once the revision is known, keeps a standalone GET stream open, and
 * sends DELETE on close. A 404 to a request of a live session means the server ended or forgot
 * it: the transport closes and `sessionExpired` is true, so the caller can start again.
 *
 * @example
 * ```ts
 * const transport = new StreamableHttpClientTransport("http://127.0.0.1:3000/mcp", {
 *   headers: () => ({ authorization: `Bearer ${token}` }),
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
  private initializeId: RequestId | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly aborter = new AbortController();
  private closing: Promise<void> | undefined;
  private ended = false;
  private expired = false;
  private getOpen = false;
  private getRefused = false;
  private quickGetEnds = 0;
  private resolveClosed: () => void = () => {};
  private readonly fetch: typeof fetch;
  private readonly maxMessageBytes: number;

  constructor(
    readonly url: string,
    private readonly options: StreamableHttpClientOptions = {},
  ) {
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.maxMessageBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
    this.session = options.sessionId;
    this.version = options.protocolVersion;
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
  }

  /** The session id the server gave (or the one passed in), once there is one. */
  get sessionId(): string | undefined {
    return this.session;
  }

  /** The revision sent as `MCP-Protocol-Version`, once known. */
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

  async start(handlers: TransportHandlers): Promise<void> {
    if (this.handlers) throw new LocalError("invalid_message", "the transport is already started");
    if (this.ended) throw new LocalError("connection_closed", "the HTTP transport is closed");
    this.handlers = handlers;
    this.openStandalone();
  }

  send(payload: JsonRpcPayload): Promise<void> {
    if (this.closing || this.ended) {
      return Promise.reject(new LocalError("connection_closed", "the HTTP transport is closed"));
    }
    let body: string;
    try {
      body = encodePayload(payload, this.maxMessageBytes);
    } catch (error) {
      return Promise.reject(error);
    }
    if (isRequest(payload) && payload.method === "initialize") this.initializeId = payload.id;
    const posted = this.queue.then(() => this.post(body));
    this.queue = posted.catch(() => {});
    return posted;
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    // Sends called before close() go out first: each resolves (delivered) or rejects.
    await this.queue;
    const session = this.expired ? undefined : this.session;
    this.finish();
    if (session === undefined) return;
    try {
      const response = await this.fetch(this.url, {
        method: "DELETE",
        headers: await this.headersFor("DELETE", {}),
        signal: AbortSignal.timeout(this.options.closeTimeoutMs ?? 2000),
      });
      this.options.onExchange?.({ method: "DELETE", status: response.status });
      await response.body?.cancel();
    } catch {
      // The session ends on the server anyway, by expiry.
    }
  }

  private async post(body: string): Promise<void> {
    if (this.ended) throw new LocalError("connection_closed", "the HTTP transport is closed");
    const hadSession = this.session !== undefined;
    let response: Response;
    try {
      response = await this.fetch(this.url, {
        method: "POST",
        headers: await this.headersFor("POST", {
          "content-type": MediaType.json,
          accept: `${MediaType.json}, ${MediaType.sse}`,
        }),
        body,
        signal: this.aborter.signal,
      });
    } catch (error) {
      if (this.ended) throw new LocalError("connection_closed", "the HTTP transport is closed");
      throw new LocalError("transport_failed", `the POST failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    this.options.onExchange?.({ method: "POST", status: response.status });
    if (response.status === 404 && hadSession) {
      await response.body?.cancel().catch(() => {});
      this.sessionGone();
      throw new LocalError("connection_closed", "the server ended the session (HTTP 404); re-initialize");
    }
    if (!response.ok) throw new HttpStatusError(response.status, await response.text().catch(() => ""));
    const minted = response.headers.get(Header.sessionId);
    if (minted !== null && this.session === undefined) this.session = minted;
    void this.readAnswer(response);
    if (!hadSession && this.session !== undefined) this.openStandalone();
  }

  /** Reads a POST's answer, JSON or SSE, in the background. */
  private async readAnswer(response: Response): Promise<void> {
    const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    try {
      if (type === MediaType.sse && response.body) return await this.readEvents(response.body);
      const text = await response.text();
      if (text.trim() !== "") this.deliverText(text);
    } catch {
      // Aborted on close, or the connection broke: the session era does not treat it as cancellation.
    }
  }

  private async readEvents(body: ReadableStream<Uint8Array>): Promise<void> {
    for await (const event of readSse(body)) {
      if (this.ended) return;
      if (event.event === "message") this.deliverText(event.data);
    }
  }

  private deliverText(text: string): void {
    if (this.ended || !this.handlers) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.handlers.onUnreadable({ problem: "parse", detail: (error as Error).message });
      return;
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
    const opened = Date.now();
    let response: Response;
    try {
      response = await this.fetch(this.url, {
        method: "GET",
        headers: await this.headersFor("GET", { accept: MediaType.sse }),
        signal: this.aborter.signal,
      });
    } catch {
      return;
    }
    this.options.onExchange?.({ method: "GET", status: response.status });
    if (response.status === 404) {
      await response.body?.cancel().catch(() => {});
      this.sessionGone();
      return;
    }
    if (!response.ok || !response.body) {
      // 405: the server has no GET stream. Anything else: give up on it rather than loop.
      this.getRefused = true;
      await response.body?.cancel().catch(() => {});
      return;
    }
    try {
      await this.readEvents(response.body);
    } catch {
      if (this.ended) return;
    }
    if (this.ended || this.closing) return;
    // The server ended the stream: reopen it (a 404 then tells that the session is over).
    this.quickGetEnds = Date.now() - opened < 1000 ? this.quickGetEnds + 1 : 0;
    const delay = Math.min(5000, Math.max(0, this.quickGetEnds - 1) * 1000);
    setTimeout(() => this.openStandalone(), delay);
  }

  private async headersFor(method: Method, base: Record<string, string>): Promise<Headers> {
    const headers = new Headers(base);
    if (this.session !== undefined) headers.set(Header.sessionId, this.session);
    if (this.version !== undefined) headers.set(Header.protocolVersion, this.version);
    const extra = await this.options.headers?.({ method, url: this.url, sessionId: this.session });
    if (extra)
      new Headers(extra as Record<string, string>).forEach((value, name) => {
        headers.set(name, value);
      });
    return headers;
  }

  /** The server does not know the session any more: close, marked as expired. */
  private sessionGone(): void {
    if (this.ended) return;
    this.expired = true;
    this.finish();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.aborter.abort();
    this.handlers?.onClose();
    this.resolveClosed();
  }
}
