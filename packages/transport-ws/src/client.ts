import {
  type ClientAuthProvider,
  LocalError,
  type JsonRpcPayload,
  type SendOptions,
  type Transport,
  type TransportHandlers,
} from "@mcpkit/core";
import { bearerProtocol } from "./bearer.js";
import { type SocketEnd, WsChannel } from "./channel.js";
import { type OpenedSocket, openSocket } from "./connect.js";
import { CloseCode, DEFAULT_MAX_MESSAGE_BYTES, SUBPROTOCOL, defaults } from "./convention.js";
import { WebSocketUpgradeError } from "./errors.js";
import type { WebSocketConstructor, WebSocketLike } from "./socket.js";

/** When and how often a {@link WebSocketClientTransport} reconnects after the connection dropped. */
export interface ReconnectOptions {
  /** Attempts after each drop before giving up. Default 5. */
  readonly maxAttempts?: number;
  /** Delay before the first attempt; doubled for each next one. Default 250 ms. */
  readonly initialDelayMs?: number;
  /** Longest delay between attempts. Default 5000 ms. */
  readonly maxDelayMs?: number;
}

/** Options of a {@link WebSocketClientTransport}. */
export interface WebSocketClientTransportOptions {
  /**
   * The WebSocket constructor to use, e.g. `globalThis.WebSocket` in a browser, Deno, Bun or Node 22.
   * Default: the `ws` library's, which can send headers and report refused upgrades with their status.
   */
  readonly WebSocket?: WebSocketConstructor;
  /** Extra upgrade request headers. Only with the default (`ws`) constructor. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A bearer token for the upgrade, or a function that returns a fresh one for each connection. */
  readonly bearerToken?: string | (() => string | Promise<string>);
  /**
   * How the token travels: `"header"` (`Authorization: Bearer`, the default with `ws`) or
   * `"subprotocol"` (an `mcp.bearer.<base64url>` entry, the default with an injected constructor,
   * which cannot set headers). See docs/websocket.md, section 5, for the risks.
   */
  readonly bearerCarrier?: "header" | "subprotocol";
  /**
   * Credentials for each upgrade request, e.g. `OAuthClientProvider` from `@mcpkit/auth`: its
   * `headers({ method: "GET", url })` go on the upgrade (with an injected constructor, which
   * cannot send headers, an `authorization: Bearer` one travels as an `mcp.bearer.` subprotocol
   * entry). An upgrade refused with 401 or 403 goes to its `onChallenge`, and when that resolves
   * `"retry"` the upgrade is tried once more; what it throws fails `start` (or the reconnection).
   */
  readonly authProvider?: ClientAuthProvider;
  /** Largest inbound or outbound message, in UTF-8 bytes. Default 16 MiB. */
  readonly maxMessageBytes?: number;
  /** How long the connection may take to open. Default 30 000 ms. */
  readonly connectTimeoutMs?: number;
  /** Above this much unsent data, sends wait. Default 1 MiB. */
  readonly highWaterMarkBytes?: number;
  /** Past this much unsent data the connection is closed with 4001 and sends fail. Default 64 MiB. */
  readonly maxBufferedBytes?: number;
  /** How long `close` waits for the server's close frame. Default 2000 ms. */
  readonly closeTimeoutMs?: number;
  /**
   * Reconnect when the connection drops (codes 1001, 1006, 1011, 1012, 1013, 4000) instead of
   * closing. **Stateless era only**: a session-era server would see a new connection without
   * `initialize`. Sends made while reconnecting wait; answers to requests in flight at the drop
   * are lost (the request times out). Default off.
   */
  readonly reconnect?: boolean | ReconnectOptions;
  /** Told about each reconnection attempt's failure and each success, for logs. */
  readonly onReconnect?: (event: { readonly attempt: number; readonly error?: Error }) => void;
}

/** Close codes after which a reconnect is worth trying: the server went away or failed, not a refusal of us. */
const RETRIABLE = new Set<number>([
  CloseCode.GoingAway,
  CloseCode.Abnormal,
  CloseCode.InternalError,
  1012,
  1013,
  CloseCode.KeepAliveTimeout,
]);

type State = "new" | "starting" | "open" | "reconnecting" | "closed";

/**
 * The client side of MCP over WebSocket (docs/websocket.md): offers the `mcp` subprotocol, sends
 * one JSON-RPC message per text message, and reports how the connection ended through `onClose`:
 * nothing for a normal closure (1000), otherwise a {@link WebSocketClosedError} with the close code
 * and reason. `start` rejects when the connection cannot be opened, with a
 * {@link WebSocketUpgradeError} (status and body) when the server refused the upgrade.
 *
 * @example Node, with the ws library
 * ```ts
 * const transport = new WebSocketClientTransport("ws://127.0.0.1:3001/mcp", { bearerToken: process.env.MCP_TOKEN });
 * await client.connect(transport);
 * ```
 *
 * @example A browser, Deno, Bun or Node 22's global WebSocket
 * ```ts
 * declare const auth: { freshToken(): Promise<string> };
 * const transport = new WebSocketClientTransport("wss://mcp.example.com/mcp", {
 *   WebSocket: globalThis.WebSocket,
 *   bearerToken: () => auth.freshToken(), // sent as an `mcp.bearer.` subprotocol entry
 * });
 * ```
 */
export class WebSocketClientTransport implements Transport {
  private readonly channel: WsChannel;
  private readonly carrier: "header" | "subprotocol";
  private state: State = "new";
  private starting: Promise<void> | undefined;
  private socket: WebSocketLike | undefined;

  constructor(
    private readonly url: string | URL,
    private readonly options: WebSocketClientTransportOptions = {},
  ) {
    this.carrier = options.bearerCarrier ?? (options.WebSocket ? "subprotocol" : "header");
    if (options.WebSocket && (this.carrier === "header" || options.headers))
      throw new TypeError('a WebSocket constructor cannot send headers: use bearerCarrier "subprotocol"');
    this.channel = new WsChannel(
      {
        maxMessageBytes: this.maxMessageBytes,
        highWaterMarkBytes: options.highWaterMarkBytes ?? defaults.highWaterMarkBytes,
        maxBufferedBytes: options.maxBufferedBytes ?? defaults.maxBufferedBytes,
        closeTimeoutMs: options.closeTimeoutMs ?? defaults.closeTimeoutMs,
      },
      (end) => this.socketEnded(end),
    );
  }

  get closed(): Promise<void> {
    return this.channel.closed;
  }

  /** A new, unstarted transport to the same URL with the same options (for a client that reconnects). */
  reopen(): WebSocketClientTransport {
    return new WebSocketClientTransport(this.url, this.options);
  }

  /** The subprotocol the server selected (`mcp`), once open. */
  get protocol(): string | undefined {
    return this.socket?.protocol;
  }

  /** Starts the transport: from now on what arrives goes to `handlers`. */
  start(handlers: TransportHandlers): Promise<void> {
    if (this.state !== "new")
      return Promise.reject(new LocalError("invalid_message", "the transport is already started"));
    this.state = "starting";
    this.starting = (async () => {
      try {
        const opened = await this.connect();
        if (this.state !== "starting") {
          opened.socket.close(CloseCode.Normal);
          throw new LocalError("connection_closed", "the transport was closed while connecting");
        }
        this.use(opened);
        this.state = "open";
        this.channel.open(handlers);
      } catch (error) {
        this.state = "closed";
        this.channel.finish();
        throw error;
      }
    })();
    return this.starting;
  }

  /** Sends one payload (a message or a batch) to the peer. */
  send(payload: JsonRpcPayload, _options?: SendOptions): Promise<void> {
    if (this.state !== "open" && this.state !== "reconnecting")
      return Promise.reject(new LocalError("connection_closed", "the WebSocket transport is not open"));
    return this.channel.send(payload);
  }

  /** Closes the transport; idempotent, resolves once it is closed. */
  async close(): Promise<void> {
    if (this.state === "new") {
      this.state = "closed";
      this.channel.finish();
    }
    if (this.state === "starting") {
      this.state = "closed";
      await this.starting?.catch(() => {});
    }
    if (this.state === "reconnecting") {
      this.state = "closed";
      this.channel.finish();
    }
    if (this.state === "open") {
      this.state = "closed";
      this.channel.requestClose();
    }
    return this.closed;
  }

  private get maxMessageBytes(): number {
    return this.options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  /**
   * Opens a socket; with an auth provider, an upgrade refused with 401/403 goes to its
   * `onChallenge` and, when that resolves `"retry"`, is tried once more with fresh headers.
   */
  private async connect(): Promise<OpenedSocket> {
    const auth = this.options.authProvider;
    if (!auth) return this.connectOnce(undefined);
    const url = String(this.url);
    try {
      return await this.connectOnce(await auth.headers({ method: "GET", url }));
    } catch (error) {
      if (!(error instanceof WebSocketUpgradeError) || (error.status !== 401 && error.status !== 403))
        throw error;
      await auth.onChallenge({ method: "GET", url, status: error.status, headers: error.headers });
      return this.connectOnce(await auth.headers({ method: "GET", url }));
    }
  }

  private async connectOnce(
    authHeaders: Readonly<Record<string, string>> | undefined,
  ): Promise<OpenedSocket> {
    const { options } = this;
    const source = options.bearerToken;
    let token = typeof source === "function" ? await source() : source;
    const protocols = [SUBPROTOCOL];
    const headers: Record<string, string> = { ...options.headers };
    if (authHeaders) {
      for (const name of Object.keys(authHeaders)) {
        const value = authHeaders[name] as string;
        const bearer = /^Bearer\s+(.+)$/i.exec(value);
        // A constructor that cannot send headers carries a bearer token as a subprotocol entry.
        if (this.carrier === "subprotocol" && name.toLowerCase() === "authorization" && bearer)
          token = bearer[1];
        else headers[name.toLowerCase()] = value;
      }
    }
    if (token !== undefined && this.carrier === "subprotocol") protocols.push(bearerProtocol(token));
    if (token !== undefined && this.carrier === "header") headers.Authorization = `Bearer ${token}`;
    return openSocket({
      url: String(this.url),
      protocols,
      WebSocket: options.WebSocket,
      headers,
      maxMessageBytes: this.maxMessageBytes,
      timeoutMs: options.connectTimeoutMs ?? 30_000,
    });
  }

  private use({ socket, early }: OpenedSocket): void {
    this.socket = socket;
    this.channel.attach(socket, early);
  }

  private socketEnded(end: SocketEnd): void {
    const error = WsChannel.errorFor(end);
    if (this.state === "open" && this.options.reconnect && error && RETRIABLE.has(end.code)) {
      this.state = "reconnecting";
      this.channel.detach();
      void this.reconnect(error);
      return;
    }
    this.state = "closed";
    this.channel.finish(error);
  }

  private async reconnect(cause: Error): Promise<void> {
    const settings = typeof this.options.reconnect === "object" ? this.options.reconnect : {};
    const maxAttempts = settings.maxAttempts ?? 5;
    let delay = settings.initialDelayMs ?? 250;
    let last: Error = cause;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, settings.maxDelayMs ?? 5000);
      if (this.state !== "reconnecting") return;
      try {
        const opened = await this.connect();
        if (this.state !== "reconnecting") {
          opened.socket.close(CloseCode.Normal);
          return;
        }
        this.state = "open";
        this.use(opened);
        this.options.onReconnect?.({ attempt });
        return;
      } catch (error) {
        last = error as Error;
        this.options.onReconnect?.({ attempt, error: last });
        // The server refused us (bad credentials, wrong path): trying again will not help.
        if (error instanceof WebSocketUpgradeError && error.status < 500) break;
      }
    }
    if (this.state !== "reconnecting") return;
    this.state = "closed";
    this.channel.finish(last);
  }
}
