import type { JsonRpcPayload, LocalError, MessageContext, TransportHandlers } from "@mcpkit/core";
import { BINARY_REASON, CloseCode, SEND_BUFFER_FULL_REASON, tooBigReason } from "./convention.js";
import { WebSocketClosedError, closedError } from "./errors.js";
import { decodeMessage, encodeMessage, isTooBig } from "./frame.js";
import { SendQueue } from "./send-queue.js";
import { type CloseEventLike, type MessageEventLike, type WebSocketLike, wsExtras } from "./socket.js";

/** Tunables of a {@link WsChannel}. */
export interface ChannelOptions {
  readonly maxMessageBytes: number;
  readonly highWaterMarkBytes: number;
  readonly maxBufferedBytes: number;
  /** How long to wait for the peer's close frame before dropping the connection. */
  readonly closeTimeoutMs: number;
  /** Attached to every inbound message (the upgrade request's headers and credentials). */
  readonly context?: MessageContext;
}

/** How one socket ended. */
export interface SocketEnd {
  readonly code: number;
  readonly reason: string;
  /** This side sent the close frame (through `closeSocket` or the `ws` library's own checks). */
  readonly byThisSide: boolean;
  /** `close()` of the transport: a normal, wanted end. */
  readonly requested: boolean;
}

/**
 * One JSON-RPC conversation over a WebSocket (or a succession of them, for a reconnecting client):
 * decodes text messages into the handlers, closes on binary (1003) and oversize (1009) messages,
 * writes through a {@link SendQueue}, and calls `onClose` exactly once, from {@link finish}.
 * The owner decides what a socket's end means through `socketEnded`.
 */
export class WsChannel {
  private socket: WebSocketLike | undefined;
  private handlers: TransportHandlers | undefined;
  private readonly early: string[] = [];
  private readonly queue: SendQueue;
  private sentClose: { code: number; reason: string } | undefined;
  private closeRequested = false;
  private muted = false;
  private finished = false;
  private resolveClosed!: () => void;
  readonly closed = new Promise<void>((resolve) => {
    this.resolveClosed = resolve;
  });

  constructor(
    private readonly options: ChannelOptions,
    private readonly socketEnded: (end: SocketEnd) => void,
  ) {
    this.queue = new SendQueue(options, (error) => this.overflow(error));
  }

  get isFinished(): boolean {
    return this.finished;
  }

  /** Reads from and writes to `socket` from now on; `early` holds what arrived before (see `openSocket`). */
  attach(socket: WebSocketLike, early: readonly unknown[] = []): void {
    this.socket = socket;
    this.sentClose = undefined;
    const ws = wsExtras(socket) as
      | (WebSocketLike & { close(code?: number, reason?: string): void })
      | undefined;
    if (ws) {
      // `ws` closes on its own (1009 past maxPayload, 1007, 1002) without a reason: add one, and record it.
      const close = ws.close.bind(ws);
      ws.close = (code?: number, reason?: string) => {
        const text =
          reason || (code === CloseCode.MessageTooBig ? tooBigReason(this.options.maxMessageBytes) : "");
        // `_closeFrameReceived`: ws is echoing the peer's close frame, so the peer closed, not us.
        const echo = (socket as { _closeFrameReceived?: boolean })._closeFrameReceived === true;
        if (socket === this.socket && code !== undefined && !echo) this.sentClose ??= { code, reason: text };
        close(code, text);
      };
    }
    socket.onmessage = (event: MessageEventLike) => {
      if (socket === this.socket) this.receive(event.data);
    };
    socket.onclose = (event: CloseEventLike) => {
      if (socket === this.socket) this.ended(event);
    };
    // Errors are always followed by a close event, which reports them.
    socket.onerror = () => {};
    for (const data of early) this.receive(data);
    this.queue.use(socket);
  }

  /** No socket for now (a client between connections): sends wait in the queue. */
  detach(): void {
    this.socket = undefined;
    this.queue.use(undefined);
  }

  open(handlers: TransportHandlers): void {
    this.handlers = handlers;
    for (const text of this.early.splice(0)) this.deliver(text);
  }

  send(payload: JsonRpcPayload): Promise<void> {
    if (this.muted || this.finished) return Promise.reject(closedError());
    let text: string;
    try {
      text = encodeMessage(payload, this.options.maxMessageBytes);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.queue.push(text);
  }

  /** The transport's `close()`: stop delivering and accepting, close the socket normally. */
  requestClose(): void {
    this.closeRequested = true;
    this.mute();
    if (this.socket && this.socket.readyState < 2) this.closeSocket(CloseCode.Normal, "");
  }

  /** Sends a close frame; drops the connection if the peer does not answer in time. */
  closeSocket(code: number, reason: string): void {
    const socket = this.socket;
    if (!socket) return;
    this.sentClose ??= { code, reason };
    try {
      socket.close(code, reason);
    } catch {
      // Already closing: the close event comes anyway.
    }
    const timer = setTimeout(() => {
      if (socket.readyState === 3) return;
      const ws = wsExtras(socket);
      if (ws) ws.terminate();
      else if (socket === this.socket) this.ended({ code: CloseCode.Abnormal, reason: "" });
    }, this.options.closeTimeoutMs);
    (timer as { unref?: () => void }).unref?.();
  }

  /** Delivers nothing more and accepts no more sends; queued sends are rejected. */
  mute(): void {
    this.muted = true;
    this.queue.rejectAll();
  }

  /** Ends the conversation for good: `onClose` once, `closed` resolves. */
  finish(error?: Error): void {
    if (this.finished) return;
    this.mute();
    this.finished = true;
    this.socket = undefined;
    this.handlers?.onClose(error);
    this.resolveClosed();
  }

  /** The error a socket's end becomes, or undefined for a normal end. */
  static errorFor(end: SocketEnd): WebSocketClosedError | undefined {
    if (end.requested || end.code === CloseCode.Normal) return undefined;
    return new WebSocketClosedError(end.code, end.reason, end.byThisSide);
  }

  private ended(event: CloseEventLike): void {
    const sent = this.sentClose;
    this.queue.use(undefined);
    this.socketEnded({
      code: sent?.code ?? event.code,
      reason: sent ? sent.reason : event.reason,
      byThisSide: sent !== undefined,
      requested: this.closeRequested,
    });
  }

  private receive(data: unknown): void {
    if (this.muted) return;
    if (typeof data !== "string") {
      this.closeSocket(CloseCode.UnsupportedData, BINARY_REASON);
      this.mute();
      return;
    }
    // `ws` enforces the limit before buffering; a WHATWG socket has already buffered it.
    if (isTooBig(data, this.options.maxMessageBytes)) {
      this.closeSocket(CloseCode.MessageTooBig, tooBigReason(this.options.maxMessageBytes));
      this.mute();
      return;
    }
    if (!this.handlers) this.early.push(data);
    else this.deliver(data);
  }

  private deliver(text: string): void {
    const handlers = this.handlers;
    if (!handlers || this.muted) return;
    const decoded = decodeMessage(text);
    const { context } = this.options;
    try {
      if (decoded.kind === "message") handlers.onMessage(decoded.value, context);
      else handlers.onUnreadable({ problem: "parse", detail: decoded.detail, context });
    } catch (error) {
      // A handler's bug surfaces on its own turn; reading goes on.
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  private overflow(error: LocalError): void {
    this.closeSocket(CloseCode.SendBufferFull, SEND_BUFFER_FULL_REASON);
    this.queue.rejectAll(error);
    this.mute();
  }
}
