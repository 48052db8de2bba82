import type { BodySink } from "./body-sink.js";

const encoder = new TextEncoder();

/**
 * A {@link BodySink} for web-standard runtimes: text written comes out of `body`, a
 * `ReadableStream` for a `Response`. The stream is cancelled when the client stops reading.
 */
export class WebBodySink implements BodySink {
  readonly body: ReadableStream<Uint8Array>;
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private dead = false;
  private cancelled: (() => void) | undefined;

  constructor() {
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        cancel: () => {
          if (this.dead) return;
          this.dead = true;
          this.cancelled?.();
        },
      },
      // Measured in bytes with no allowance, so `desiredSize` is minus the unread backlog.
      new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
    );
  }

  get alive(): boolean {
    return !this.dead;
  }

  get backlog(): number {
    return Math.max(0, -(this.controller?.desiredSize ?? 0));
  }

  write(text: string): void {
    if (this.dead) return;
    this.controller?.enqueue(encoder.encode(text));
  }

  close(): void {
    if (this.dead) return;
    this.dead = true;
    try {
      this.controller?.close();
    } catch {
      // Already errored or cancelled by the reader.
    }
  }

  onCancel(listener: () => void): void {
    this.cancelled = listener;
  }

  onOpen(listener: () => void): void {
    // A Response streams its body from the start.
    listener();
  }
}
