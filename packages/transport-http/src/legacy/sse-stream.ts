import type { BodySink } from "../server/body-sink.js";

/**
 * The body of one legacy SSE response as events: written to a body sink, which is dead once
 * closed or once the client stops reading (`onGone` then runs once); writes to it are dropped.
 */
export class LegacySseStream {
  constructor(
    private readonly sink: BodySink,
    onGone: () => void,
  ) {
    sink.onCancel(onGone);
  }

  /** Bytes written that the reader (the HTTP connection) has not taken yet. */
  get backlog(): number {
    return this.sink.backlog;
  }

  /** One event; `data` must hold no line break (JSON text and URLs we build never do). */
  event(type: "endpoint" | "message", data: string): void {
    this.sink.write(`event: ${type}\ndata: ${data}\n\n`);
  }

  /** A comment line, which clients ignore: keeps an idle connection from being timed out. */
  comment(text: string): void {
    this.sink.write(`: ${text}\n\n`);
  }

  close(): void {
    this.sink.close();
  }
}
