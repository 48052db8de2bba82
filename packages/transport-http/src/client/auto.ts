import {
  LocalError,
  type JsonRpcPayload,
  type SendOptions,
  type Transport,
  type TransportHandlers,
} from "@mcpkit/core";
import { LegacySseClientTransport } from "../legacy/client-transport.js";
import { isRequest } from "../shared/messages.js";
import { HttpStatusError } from "./errors.js";
import type { HttpSender } from "./http-sender.js";
import type { StreamableHttpClientOptions } from "./options.js";
import { StreamableHttpClientTransport } from "./transport.js";

/**
 * Which HTTP transport {@link HttpClientTransport} speaks: `streamable` (Streamable HTTP only),
 * `legacy` (the 2024-11-05 HTTP+SSE transport only), or `auto`: Streamable HTTP, falling back to
 * HTTP+SSE when the server refuses the `initialize` POST the way servers that predate Streamable
 * HTTP do (400, 404 or 405).
 */
export type HttpTransportMode = "auto" | "streamable" | "legacy";

/** Options of {@link HttpClientTransport}: the Streamable HTTP client's, plus the mode. */
export interface HttpClientOptions extends StreamableHttpClientOptions {
  /** Default `auto`. */
  readonly mode?: HttpTransportMode;
  /** Legacy transport: how long to wait for the `endpoint` event after the GET. Default 10 000 ms. */
  readonly endpointTimeoutMs?: number;
}

/** The statuses with which servers that predate Streamable HTTP refuse a POST to their SSE URL. */
const LEGACY_REFUSALS = new Set([400, 404, 405]);

type Inner = StreamableHttpClientTransport | LegacySseClientTransport;

function isInitialize(payload: JsonRpcPayload): boolean {
  return isRequest(payload) && payload.method === "initialize";
}

/**
 * An MCP client transport for any HTTP server, as a core `Transport`: give it the URL you were
 * given and it works out the transport. In `auto` mode it starts as Streamable HTTP (so the
 * stateless era's `server/discover` probe and `initialize` go out as POSTs); if the server refuses
 * the `initialize` POST with 400, 404 or 405 before any POST succeeded, it GETs the same URL
 * expecting the HTTP+SSE `endpoint` event and, once it has it, sends that `initialize` over the
 * legacy transport. The first successful POST settles the choice. `legacy` mode goes straight to
 * HTTP+SSE; `streamable` never falls back. If the fallback GET fails too, the `initialize` send
 * rejects with a `LocalError("transport_failed")` whose `cause` is the POST's `HttpStatusError`,
 * and the transport stays on Streamable HTTP.
 *
 * @example
 * ```ts
 * const client = new Client({ clientInfo: { name: "app", version: "1.0.0" } });
 * await client.connect(new HttpClientTransport("https://example.com/sse")); // an old server: falls back
 * ```
 */
export class HttpClientTransport implements Transport {
  readonly closed: Promise<void>;
  readonly mode: HttpTransportMode;
  private inner: Inner | undefined;
  private handlers: TransportHandlers | undefined;
  private settled: boolean;
  /** Serialises sends until the transport is settled, so none overtakes a fallback. */
  private gate: Promise<unknown> = Promise.resolve();
  private closing: Promise<void> | undefined;
  private ended = false;
  private resolveClosed: () => void = () => {};

  constructor(
    readonly url: string,
    private readonly options: HttpClientOptions = {},
  ) {
    this.mode = options.mode ?? "auto";
    this.settled = this.mode !== "auto";
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
  }

  /** The transport in use: `streamable` or `legacy` (undefined before `start`). */
  get kind(): "streamable" | "legacy" | undefined {
    if (this.inner === undefined) return undefined;
    return this.inner instanceof LegacySseClientTransport ? "legacy" : "streamable";
  }

  /** The underlying transport in use, for its specifics (`sessionExpired`, `endpointUrl`, ...). */
  get transport(): StreamableHttpClientTransport | LegacySseClientTransport | undefined {
    return this.inner;
  }

  /**
   * Why the Streamable HTTP transport in use closed on its own (a `SessionExpiredError` after a
   * 404, resuming gave up), if it did; undefined for the legacy transport.
   */
  get closeError(): Error | undefined {
    return this.inner instanceof StreamableHttpClientTransport ? this.inner.closeError : undefined;
  }

  /** A new, unstarted transport to the same URL with the same options, and no session. */
  reopen(): HttpClientTransport {
    const { sessionId: _s, protocolVersion: _p, ...options } = this.options;
    return new HttpClientTransport(this.url, options);
  }

  /** The session id: `Mcp-Session-Id`, or the legacy endpoint's `sessionId`. */
  get sessionId(): string | undefined {
    return this.inner?.sessionId;
  }

  /** Starts the transport: from now on what arrives goes to `handlers`. */
  async start(handlers: TransportHandlers): Promise<void> {
    if (this.handlers) throw new LocalError("invalid_message", "the transport is already started");
    if (this.ended || this.closing) throw new LocalError("connection_closed", "the HTTP transport is closed");
    this.handlers = handlers;
    const inner = this.mode === "legacy" ? this.legacy() : this.streamable();
    this.inner = inner;
    try {
      await inner.start(this.relay(inner));
    } catch (error) {
      this.ended = true;
      this.resolveClosed();
      throw error;
    }
  }

  /** Sends one payload (a message or a batch) to the peer. */
  send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    if (this.ended || this.closing) {
      return Promise.reject(new LocalError("connection_closed", "the HTTP transport is closed"));
    }
    const inner = this.inner;
    if (!inner) return Promise.reject(new LocalError("transport_failed", "start() has not been called"));
    // Client transports route nothing by SendOptions (every message is its own POST), but the
    // Streamable HTTP one adds `options.headers` to the POST.
    if (this.settled) return inner.send(payload, options);
    const sent = this.gate.then(() => this.sendUnsettled(payload, options));
    this.gate = sent.catch(() => {});
    return sent;
  }

  /** Closes the transport; idempotent, resolves once it is closed. */
  close(): Promise<void> {
    this.closing ??= this.gate.then(async () => {
      await this.inner?.close();
      // A sender given in the options serves both inner transports: it is closed once, here.
      this.options.sender?.close();
      this.finish();
    });
    return this.closing;
  }

  private async sendUnsettled(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    const inner = this.inner as Inner;
    if (this.settled) return inner.send(payload, options);
    try {
      await inner.send(payload, options);
      this.settled = true;
    } catch (error) {
      const refused = error instanceof HttpStatusError && LEGACY_REFUSALS.has(error.status);
      if (!refused || !isInitialize(payload) || this.ended || this.closing) throw error;
      await this.fallBack(payload, error);
    }
  }

  /** Opens the legacy transport, switches to it, and sends the initialize there. */
  private async fallBack(initialize: JsonRpcPayload, refusal: HttpStatusError): Promise<void> {
    const legacy = this.legacy();
    try {
      await legacy.start(this.relay(legacy));
    } catch (error) {
      throw new LocalError(
        "transport_failed",
        `the server refused the initialize POST (HTTP ${refusal.status}) and did not open an HTTP+SSE stream either: ${(error as Error).message}`,
        { cause: refusal },
      );
    }
    const streamable = this.inner;
    this.inner = legacy;
    this.settled = true;
    // No session was made, so this sends nothing; its onClose is not relayed any more.
    await streamable?.close().catch(() => {});
    await legacy.send(initialize);
  }

  /** Handlers for an inner transport: they pass through only while it is the one in use. */
  private relay(owner: Inner): TransportHandlers {
    return {
      onMessage: (value, context) => {
        if (this.inner === owner) this.handlers?.onMessage(value, context);
      },
      onUnreadable: (frame) => {
        if (this.inner === owner) this.handlers?.onUnreadable(frame);
      },
      onClose: (error) => {
        if (this.inner === owner) this.finish(error);
      },
    };
  }

  private streamable(): StreamableHttpClientTransport {
    const { sender } = this.options;
    if (!sender) return new StreamableHttpClientTransport(this.url, this.options);
    return new StreamableHttpClientTransport(this.url, { ...this.options, sender: keptOpen(sender) });
  }

  private legacy(): LegacySseClientTransport {
    const {
      fetch,
      sender,
      headers,
      authProvider,
      onExchange,
      maxMessageBytes,
      maxRedirects,
      endpointTimeoutMs,
      closeTimeoutMs,
    } = this.options;
    return new LegacySseClientTransport(this.url, {
      fetch,
      sender: sender && keptOpen(sender),
      maxRedirects,
      headers,
      authProvider,
      onExchange,
      maxMessageBytes,
      endpointTimeoutMs,
      closeTimeoutMs,
    });
  }

  private finish(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.handlers?.onClose(error);
    this.resolveClosed();
  }
}

/**
 * `sender` for an inner transport, which must not close it: the Streamable one is closed after
 * the fall-back while the legacy one sends on through the same sender.
 */
function keptOpen(sender: HttpSender): HttpSender {
  return { send: (call) => sender.send(call), close: () => {} };
}
