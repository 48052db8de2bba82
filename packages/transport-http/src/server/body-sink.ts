/**
 * The writable end of one response body that is still being made (an SSE stream, or a JSON
 * answer the engine has yet to give). The session writes text; the runtime adapter that made the
 * sink (web `ReadableStream` or node:http `ServerResponse`) carries it to the client. A sink is
 * dead once closed, or once the client goes away (`onCancel` listeners run then); writes to a
 * dead sink are dropped.
 */
export interface BodySink {
  /** False once closed or cancelled. */
  readonly alive: boolean;
  /** Bytes (or, before the headers went out, UTF-16 units) written that the client has not taken yet. */
  readonly backlog: number;
  write(text: string): void;
  /** Ends the body normally (the client got everything written). */
  close(): void;
  /**
   * Sets what runs once when the client goes away before `close` (never after the server closed
   * it); a later call replaces it.
   */
  onCancel(listener: () => void): void;
  /**
   * `listener` runs once when the body is on its way while still open: the headers went out and
   * the client waits for more (keep-alive comments matter from then on). A body closed before
   * its headers went out never opens. Runs at once on runtimes that always stream. One listener.
   */
  onOpen(listener: () => void): void;
}
