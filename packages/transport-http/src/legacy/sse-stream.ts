const encoder = new TextEncoder();

/**
 * The body of one legacy SSE response: events written here come out of `body`. It is dead once
 * closed or once the client stops reading (`onGone` then runs once); writes to it are dropped.
 * (Its own small copy rather than the Streamable HTTP server's, which evolves with resumability.)
 */
export class LegacySseStream {
  readonly body: ReadableStream<Uint8Array>;
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private dead = false;

  constructor(onGone: () => void) {
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        cancel: () => {
          this.dead = true;
          onGone();
        },
      },
      // Measured in bytes with no allowance, so `desiredSize` is minus the unread backlog.
      new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
    );
  }

  /** Bytes written that the reader (the HTTP connection) has not taken yet. */
  get backlog(): number {
    return Math.max(0, -(this.controller?.desiredSize ?? 0));
  }

  /** One event; `data` must hold no line break (JSON text and URLs we build never do). */
  event(type: "endpoint" | "message", data: string): void {
    this.write(`event: ${type}\ndata: ${data}\n\n`);
  }

  /** A comment line, which clients ignore: keeps an idle connection from being timed out. */
  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  close(): void {
    if (this.dead) return;
    this.dead = true;
    try {
      this.controller?.close();
    } catch {
      // Already cancelled by the reader.
    }
  }

  private write(text: string): void {
    if (this.dead) return;
    this.controller?.enqueue(encoder.encode(text));
  }
}
