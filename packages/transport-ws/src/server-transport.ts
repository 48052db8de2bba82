import {
  LocalError,
  type JsonRpcPayload,
  type MessageContext,
  type SendOptions,
  type Transport,
  type TransportHandlers,
} from "@mcpkit/core";
import type { WebSocket } from "ws";
import { type ChannelOptions, WsChannel } from "./channel.js";
import { AUTH_EXPIRED_REASON, CloseCode, firstMessageReason, keepAliveReason } from "./convention.js";
import { keepAlive } from "./keep-alive.js";
import type { WebSocketLike } from "./socket.js";

/** Settings of one server-side connection, from the server's options. */
export interface ServerConnectionSettings extends ChannelOptions {
  readonly pingIntervalMs: number;
  readonly pongTimeoutMs: number;
  /** From `start`, how long the first complete message may take; 0: no deadline. */
  readonly firstMessageTimeoutMs: number;
  readonly context: MessageContext;
}

/** Longest delay `setTimeout` takes; a later expiry is checked again when it passes. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The server side of one WebSocket connection, as a core `Transport`. Made by
 * {@link serveWebSocket} for each accepted connection; every inbound message carries the upgrade
 * request's headers and verified credentials as its `MessageContext`. Nothing is read from the
 * socket until `start`, so the connection handler may take its time.
 *
 * @example
 * ```ts
 * await serveWebSocket({
 *   port: 0,
 *   onConnection: (transport) => {
 *     console.log(transport.context.authInfo?.clientId);
 *     return server.connect(transport);
 *   },
 * });
 * ```
 */
export class WebSocketServerTransport implements Transport {
  private readonly channel: WsChannel;
  private stopKeepAlive: () => void = () => {};
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  private firstMessageTimer: ReturnType<typeof setTimeout> | undefined;
  private started = false;

  /** @internal Made by the server. */
  constructor(
    private readonly socket: WebSocket,
    private readonly settings: ServerConnectionSettings,
  ) {
    this.channel = new WsChannel(settings, (end) => this.shut(WsChannel.errorFor(end)));
    // Hold inbound data in the kernel, not in memory, until someone starts the transport.
    socket.pause();
    this.channel.attach(socket as unknown as WebSocketLike);
  }

  /** The upgrade request's headers (lower-cased, credentials removed) and verified credentials. */
  get context(): MessageContext {
    return this.settings.context;
  }

  get closed(): Promise<void> {
    return this.channel.closed;
  }

  /** Starts the transport: from now on what arrives goes to `handlers`. */
  async start(handlers: TransportHandlers): Promise<void> {
    if (this.started) throw new LocalError("invalid_message", "the transport is already started");
    if (this.channel.isFinished)
      throw new LocalError("connection_closed", "the WebSocket transport is closed");
    this.started = true;
    this.channel.open(handlers);
    const { pingIntervalMs, pongTimeoutMs } = this.settings;
    if (pingIntervalMs > 0)
      this.stopKeepAlive = keepAlive(this.socket, pingIntervalMs, pongTimeoutMs, () => {
        this.channel.closeSocket(CloseCode.KeepAliveTimeout, keepAliveReason(pongTimeoutMs));
        this.channel.mute();
      });
    this.watchExpiry();
    this.awaitFirstMessage();
    this.socket.resume();
  }

  /** Sends one payload (a message or a batch) to the peer. */
  send(payload: JsonRpcPayload, _options?: SendOptions): Promise<void> {
    return this.channel.send(payload);
  }

  /** Closes the transport; idempotent, resolves once it is closed. */
  async close(): Promise<void> {
    // Never started: the socket is paused, and the peer's close frame must be read.
    this.socket.resume();
    this.channel.requestClose();
    return this.closed;
  }

  /** @internal Closes with a code other than 1000 (server shutdown, a failed handler). */
  closeWith(code: number, reason: string): void {
    this.socket.resume();
    this.channel.closeSocket(code, reason);
    this.channel.mute();
  }

  /**
   * @internal The server's budget of incomplete messages ran out on this connection's data: close
   * with 1009 and read no more, so the bytes it holds stop growing until the connection is dropped.
   */
  closeOverBudget(reason: string): void {
    this.channel.closeSocket(CloseCode.MessageTooBig, reason);
    this.channel.mute();
    this.socket.pause();
  }

  /** A connection that never completes a message (a stalled or trickled one) holds a slot: end it. */
  private awaitFirstMessage(): void {
    const timeoutMs = this.settings.firstMessageTimeoutMs;
    if (timeoutMs <= 0) return;
    const arrived = () => clearTimeout(this.firstMessageTimer);
    this.firstMessageTimer = setTimeout(() => {
      this.socket.off("message", arrived);
      this.closeWith(CloseCode.PolicyViolation, firstMessageReason(timeoutMs));
    }, timeoutMs);
    this.firstMessageTimer.unref();
    // `ws` emits `message` for every complete message, whatever the channel then makes of it.
    this.socket.once("message", arrived);
  }

  private watchExpiry(): void {
    const expiresAt = this.settings.context.authInfo?.expiresAt;
    if (expiresAt === undefined) return;
    const remaining = expiresAt * 1000 - Date.now();
    this.expiryTimer = setTimeout(
      () =>
        remaining > MAX_TIMER_MS
          ? this.watchExpiry()
          : this.closeWith(CloseCode.PolicyViolation, AUTH_EXPIRED_REASON),
      Math.max(0, Math.min(remaining, MAX_TIMER_MS)),
    );
    this.expiryTimer.unref();
  }

  private shut(error?: Error): void {
    this.stopKeepAlive();
    clearTimeout(this.expiryTimer);
    clearTimeout(this.firstMessageTimer);
    this.channel.finish(error);
  }
}
