const encoder = new TextEncoder();

/**
 * The writable end of a response body: text pushed here comes out of `body`. It is dead once
 * closed, or once the client stops reading (`onCancel` then runs); writes to a dead sink are dropped.
 */
export class ByteSink {
  readonly body: ReadableStream<Uint8Array>;
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private dead = false;

  constructor(onCancel: () => void = () => {}) {
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => {
        this.dead = true;
        onCancel();
      },
    });
  }

  get alive(): boolean {
    return !this.dead;
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
}
