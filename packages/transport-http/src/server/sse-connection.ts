import { ByteSink } from "./byte-sink.js";
import { KEEP_ALIVE_COMMENT } from "./sse-format.js";

/**
 * One HTTP response carrying an SSE stream: a byte sink plus a keep-alive comment every
 * `keepAliveMs` (0: none), so proxies and clients do not take a quiet stream for a dead one.
 * `onGone` runs when the client stops reading (not when the server closes it).
 */
export class SseConnection {
  private readonly sink: ByteSink;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(keepAliveMs: number, onGone: () => void) {
    this.sink = new ByteSink(() => {
      this.stopKeepAlive();
      onGone();
    });
    if (keepAliveMs > 0) {
      this.timer = setInterval(() => this.sink.write(KEEP_ALIVE_COMMENT), keepAliveMs);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  get body(): ReadableStream<Uint8Array> {
    return this.sink.body;
  }

  get alive(): boolean {
    return this.sink.alive;
  }

  write(text: string): void {
    this.sink.write(text);
  }

  close(): void {
    this.stopKeepAlive();
    this.sink.close();
  }

  private stopKeepAlive(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
