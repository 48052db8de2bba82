import { LocalError } from "@mcpkit/core";
import { closedError } from "./errors.js";
import { OPEN, type WebSocketLike, wsExtras } from "./socket.js";

/** Limits of a {@link SendQueue}, in bytes. */
export interface SendQueueLimits {
  /** Above this much unsent data in the socket, messages wait instead of being written. */
  readonly highWaterMarkBytes: number;
  /** Waiting plus unsent data past this means the peer is not reading: give up. */
  readonly maxBufferedBytes: number;
}

interface Queued {
  readonly text: string;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/** How often a blocked queue looks at `bufferedAmount` again where no write callback exists (browsers). */
const POLL_MS = 10;

/**
 * Writes messages in order, holding them back while the socket's `bufferedAmount` is over the
 * high-water mark, so a slow peer slows senders down; past the hard limit it fails instead of
 * growing memory (docs/websocket.md, section 9). Sizes are counted in UTF-16 units, a close
 * enough bound for UTF-8 bytes that needs no encoding.
 */
export class SendQueue {
  private socket: WebSocketLike | undefined;
  private readonly items: Queued[] = [];
  private waitingBytes = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly limits: SendQueueLimits,
    /** Called once when the hard limit is passed; the owner closes the connection. */
    private readonly overflow: (error: LocalError) => void,
  ) {}

  /** Writes go to this socket from now on (none while undefined, e.g. while reconnecting). */
  use(socket: WebSocketLike | undefined): void {
    this.socket = socket;
    this.pump();
  }

  push(text: string): Promise<void> {
    const buffered = this.socket?.bufferedAmount ?? 0;
    // A lone message larger than the limit still goes: only data piling up means a slow peer.
    if (
      buffered + this.waitingBytes + text.length > this.limits.maxBufferedBytes &&
      buffered + this.waitingBytes > 0
    ) {
      const error = new LocalError(
        "transport_failed",
        `the WebSocket peer is not reading: ${buffered + this.waitingBytes} bytes are waiting to be sent, and this message would pass the limit of ${this.limits.maxBufferedBytes} bytes`,
      );
      this.overflow(error);
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.items.push({ text, resolve, reject });
      this.waitingBytes += text.length;
      this.pump();
    });
  }

  /** Rejects everything not yet written with `connection_closed`. */
  rejectAll(error: Error = closedError()): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.waitingBytes = 0;
    for (const item of this.items.splice(0)) item.reject(error);
  }

  private pump(): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    const ws = wsExtras(socket);
    while (this.items.length > 0) {
      if (socket.bufferedAmount > this.limits.highWaterMarkBytes) {
        this.waitForDrain();
        return;
      }
      const item = this.items.shift() as Queued;
      this.waitingBytes -= item.text.length;
      // `ws` tells when a write is flushed; a WHATWG socket does not, so the timer covers it.
      if (ws) ws.send(item.text, () => this.pump());
      else socket.send(item.text);
      item.resolve();
    }
  }

  private waitForDrain(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, POLL_MS);
  }
}
