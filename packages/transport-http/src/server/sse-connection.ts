import type { BodySink } from "./body-sink.js";
import { KEEP_ALIVE_COMMENT, STREAM_OPEN_COMMENT } from "./sse-format.js";

/**
 * One HTTP response carrying an SSE stream: a body sink that starts with a comment
 * ({@link STREAM_OPEN_COMMENT}, so the response always has a first chunk to go out with), plus a keep-alive comment every
 * `keepAliveMs` (0: none) once the stream is open, so proxies and clients do not take a quiet
 * stream for a dead one. A stream answered before its headers went out never starts the timer.
 * `onGone` runs when the client stops reading (not when the server closes it).
 */
export class SseConnection {
  private timer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(
    private readonly sink: BodySink,
    keepAliveMs: number,
    onGone: () => void,
  ) {
    sink.onCancel(() => {
      this.stopKeepAlive();
      onGone();
    });
    if (keepAliveMs > 0) sink.onOpen(() => this.startKeepAlive(keepAliveMs));
    sink.write(STREAM_OPEN_COMMENT);
  }

  get alive(): boolean {
    return this.sink.alive;
  }

  write(text: string): void {
    this.sink.write(text);
  }

  close(): void {
    this.closed = true;
    this.stopKeepAlive();
    this.sink.close();
  }

  private startKeepAlive(keepAliveMs: number): void {
    if (this.closed || !this.sink.alive || this.timer !== undefined) return;
    this.timer = setInterval(() => this.sink.write(KEEP_ALIVE_COMMENT), keepAliveMs);
    (this.timer as { unref?: () => void }).unref?.();
  }

  private stopKeepAlive(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
