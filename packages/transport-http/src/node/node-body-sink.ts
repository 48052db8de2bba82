import type { ServerResponse } from "node:http";
import type { BodySink } from "../server/body-sink.js";

/** Where a node body is: before its status is known, held back, streaming, or over. */
type Phase = "unanswered" | "held" | "streaming" | "over";

/** Sinks held back until the next macrotask: one `setImmediate` for all of them. */
let heldBack: NodeBodySink[] = [];

function holdBack(sink: NodeBodySink): void {
  if (heldBack.push(sink) === 1) setImmediate(releaseHeldBack);
}

function releaseHeldBack(): void {
  const sinks = heldBack;
  heldBack = [];
  for (const sink of sinks) sink.release();
}

/**
 * A {@link BodySink} writing strings straight to a node:http `ServerResponse`. What is written
 * before the status and headers are decided is kept (the engine may answer inside `receive`,
 * before the handler returns). Once they are (`answer`), a body already complete goes out in one
 * `writeHead` + `end` with its `Content-Length`. Otherwise the body waits one macrotask, so an
 * answer the engine gives within it still goes out whole; then the headers go out (a client sees
 * an SSE stream, or a session id, before the answer is ready) with what it holds, and the rest
 * streams. The client going away before `close` cancels the sink.
 */
export class NodeBodySink implements BodySink {
  private phase: Phase = "unanswered";
  /** Text written before the headers went out. */
  private held = "";
  private closed = false;
  private cancelled = false;
  private status = 200;
  private headers: Readonly<Record<string, string>> = {};
  private cancelListener: (() => void) | undefined;
  private openListener: (() => void) | undefined;

  constructor(private readonly res: ServerResponse) {}

  get alive(): boolean {
    return !this.closed && !this.cancelled;
  }

  get backlog(): number {
    return this.held.length + this.res.writableLength;
  }

  write(text: string): void {
    if (!this.alive) return;
    if (this.phase === "streaming") this.res.write(text);
    else this.held += text;
  }

  close(): void {
    if (!this.alive) return;
    this.closed = true;
    if (this.phase === "held") this.sendWhole();
    else if (this.phase === "streaming") this.end();
  }

  onCancel(listener: () => void): void {
    this.cancelListener = listener;
  }

  onOpen(listener: () => void): void {
    this.openListener = listener;
  }

  /** The status and headers are decided: the body goes out now or as it completes. */
  answer(status: number, headers: Readonly<Record<string, string>>): void {
    this.status = status;
    this.headers = headers;
    if (this.res.destroyed) {
      this.cancel();
      return;
    }
    if (this.closed) {
      this.sendWhole();
      return;
    }
    if (this.cancelled) return;
    this.phase = "held";
    holdBack(this);
  }

  /** @internal A macrotask passed since `answer` and the body is still open: stream it. */
  release(): void {
    if (this.phase !== "held" || !this.alive) return;
    if (this.res.destroyed) {
      this.cancel();
      return;
    }
    this.phase = "streaming";
    this.res.once("close", () => {
      if (!this.res.writableFinished) this.cancel();
    });
    this.res.writeHead(this.status, this.headers);
    // A client must see the stream open before its first event.
    if (this.held === "") this.res.flushHeaders();
    else this.res.write(this.held);
    this.held = "";
    this.openListener?.();
  }

  private sendWhole(): void {
    this.phase = "over";
    // The client left meanwhile: nobody to write to (the server had closed the body already).
    if (this.res.destroyed) return;
    const text = this.held;
    this.held = "";
    const length = String(Buffer.byteLength(text));
    this.res.writeHead(this.status, Object.assign({}, this.headers, { "content-length": length }));
    this.res.end(text);
  }

  private end(): void {
    this.phase = "over";
    this.res.end();
  }

  private cancel(): void {
    if (!this.alive) return;
    this.cancelled = true;
    this.phase = "over";
    this.held = "";
    this.cancelListener?.();
  }
}
