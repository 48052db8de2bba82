import type { Readable, Writable } from "node:stream";
import {
  LocalError,
  SENT,
  type JsonRpcPayload,
  type TransportHandlers,
  type UnreadableFrame,
} from "@mcpkit/core";
import { answeredId } from "./answer-id.js";
import { decodeFrame, encodeFrame, NOT_UTF8_DETAIL, tooLargeDetail } from "./frame.js";
import { LineDecoder } from "./line-decoder.js";

/** What the channel reports to the transport that owns it; the owner decides when to close. */
export interface ChannelEvents {
  /** The input reached its end (after the last line was delivered). */
  inputEnded(): void;
  /** The output can take no more writes (closed or failed); queued sends were rejected. */
  outputLost(error?: Error): void;
  /** Reading failed. */
  inputFailed(error: Error): void;
}

interface QueuedFrame {
  readonly line: string;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * Newline-delimited JSON over one readable and one writable stream: the part both stdio
 * transports share. Reads lines into the handlers; writes frames in order, waiting for `drain`
 * whenever the output says its buffer is full, so a slow peer holds back senders instead of
 * growing memory. `finish` ends it for good and calls `onClose` exactly once.
 */
export class NdjsonChannel {
  private handlers: TransportHandlers | undefined;
  private events: ChannelEvents | undefined;
  private detachInput: () => void = () => {};
  private readonly queue: QueuedFrame[] = [];
  private waitingForDrain = false;
  private outputGone = false;
  private outputLossReported = false;
  private muted = false;
  private finished = false;
  private resolveClosed!: () => void;
  readonly closed = new Promise<void>((resolve) => {
    this.resolveClosed = resolve;
  });

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly maxMessageBytes: number,
  ) {}

  get isFinished(): boolean {
    return this.finished;
  }

  open(handlers: TransportHandlers, events: ChannelEvents): void {
    this.handlers = handlers;
    this.events = events;
    const decoder = new LineDecoder(this.maxMessageBytes, {
      line: (text) => this.deliverLine(text),
      notUtf8: () => this.deliver(() => handlers.onUnreadable({ problem: "parse", detail: NOT_UTF8_DETAIL })),
      tooLarge: (length, { head, tail }) => {
        const detail = tooLargeDetail(length, this.maxMessageBytes);
        // Whose answer it was, if its edges tell: that request fails now instead of at its timeout.
        const answersId = answeredId(head.toString("utf8"), tail.toString("utf8"));
        const frame: UnreadableFrame =
          answersId === undefined
            ? { problem: "too_large", detail }
            : { problem: "too_large", detail, answersId };
        this.deliver(() => handlers.onUnreadable(frame));
      },
    });
    const onData = (chunk: Buffer | Uint8Array | string) => {
      if (!this.muted) decoder.push(asBuffer(chunk));
    };
    const onEnd = () => {
      decoder.end();
      if (!this.finished) events.inputEnded();
    };
    this.input.on("data", onData);
    this.input.once("end", onEnd);
    // Listeners for errors stay for good: a stream error after close must not become an uncaught exception.
    this.input.on("error", (error) => {
      if (!this.finished) events.inputFailed(error);
    });
    this.output.on("error", (error) => this.loseOutput(error));
    this.output.once("close", () => this.loseOutput());
    this.detachInput = () => {
      this.input.off("data", onData);
      this.input.off("end", onEnd);
      // Removing the listener does not stop a flowing stream; pausing lets the process exit.
      this.input.pause();
    };
    if (this.input.readableEnded) queueMicrotask(onEnd);
  }

  send(payload: JsonRpcPayload): Promise<void> {
    if (this.muted || this.outputGone) return Promise.reject(closedError());
    let line: string;
    try {
      line = encodeFrame(payload, this.maxMessageBytes);
    } catch (error) {
      return Promise.reject(error);
    }
    // Nothing queued and no drain awaited: the usual case writes at once, without a queue entry.
    if (this.queue.length === 0 && !this.waitingForDrain) {
      if (!this.writable()) return Promise.reject(closedError());
      this.write(line);
      return SENT;
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ line, resolve, reject });
      this.pump();
    });
  }

  /** No more writes after what is already handed to the stream; the reader keeps going. */
  endOutput(): void {
    this.rejectQueued();
    this.outputGone = true;
    if (!this.output.destroyed && !this.output.writableEnded) this.output.end();
  }

  /**
   * Delivers nothing more and accepts no more sends (queued ones are rejected), but keeps reading
   * and dropping input, so a child that writes while it shuts down never blocks on a full pipe.
   */
  mute(): void {
    this.muted = true;
    this.rejectQueued();
  }

  /** Stops reading and writing, rejects queued sends, calls `onClose` once. */
  finish(error?: Error): void {
    if (this.finished) return;
    this.mute();
    this.finished = true;
    this.detachInput();
    this.handlers?.onClose(error);
    this.resolveClosed();
  }

  private pump(): void {
    while (!this.waitingForDrain && !this.muted && !this.outputGone) {
      if (!this.writable()) return;
      const next = this.queue.shift();
      if (!next) return;
      this.write(next.line);
      next.resolve();
    }
  }

  /** Ended or destroyed by someone else: a write now would only fail later, out of order. */
  private writable(): boolean {
    if (!this.output.writableEnded && !this.output.destroyed) return true;
    this.loseOutput();
    return false;
  }

  /** Hands one line to the stream; a full buffer holds later sends until it drains. */
  private write(line: string): void {
    if (this.output.write(line)) return;
    this.waitingForDrain = true;
    this.output.once("drain", () => {
      this.waitingForDrain = false;
      this.pump();
    });
  }

  private loseOutput(error?: Error): void {
    this.outputGone = true;
    this.rejectQueued();
    if (this.outputLossReported || this.finished) return;
    this.outputLossReported = true;
    this.events?.outputLost(error);
  }

  private rejectQueued(): void {
    for (const item of this.queue.splice(0)) item.reject(closedError());
  }

  private deliverLine(text: string): void {
    const handlers = this.handlers;
    if (!handlers || this.muted) return;
    const frame = decodeFrame(text);
    if (frame.kind === "message") {
      // The per-message path, without a closure for `deliver`.
      try {
        handlers.onMessage(frame.value);
      } catch (error) {
        rethrowLater(error);
      }
    } else if (frame.kind === "unreadable")
      this.deliver(() => handlers.onUnreadable({ problem: "parse", detail: frame.detail }));
  }

  /** Runs a handler; if it throws, the error surfaces on its own turn and reading goes on. */
  private deliver(call: () => void): void {
    if (this.muted) return;
    try {
      call();
    } catch (error) {
      rethrowLater(error);
    }
  }
}

/** A handler's throw surfaces on its own turn (an uncaught exception), not in the stream's callback. */
function rethrowLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}

/** A stream chunk as a Buffer: strings (an input with an encoding set) and plain Uint8Arrays too. */
function asBuffer(chunk: Buffer | Uint8Array | string): Buffer {
  if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
  if (Buffer.isBuffer(chunk)) return chunk;
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function closedError(): LocalError {
  return new LocalError("connection_closed", "the stdio transport is closed");
}
