import type { BodySink } from "./body-sink.js";
import type { StoredEvent } from "./event-store.js";
import { SseConnection } from "./sse-connection.js";
import { retryField, storedEvent } from "./sse-format.js";

/** How long a follower carries a stream at most before it closes (the client resumes again). */
export const FOLLOW_LIMIT_MS = 30_000;

/** The number ending an event id (`…-<n>`): events of one stream count up. */
function countOf(eventId: string): number {
  return Number.parseInt(eventId.slice(eventId.lastIndexOf("-") + 1), 10);
}

/**
 * A resumed POST stream whose live end is another process of the fleet (the copy that opened it
 * there): the replay from the event store, then the events that process relays over the bus as it
 * stores them, each once (relayed events the replay already held are skipped), until the stream's
 * last event (`StoredEvent.last`) went out, that process says the stream is done, or `FOLLOW_LIMIT_MS` passes; then the connection closes (with `retry` at the
 * limit), and the client resumes again if it still waits.
 */
export class StreamFollower {
  private last = -1;
  /** Relayed events heard before the replay went out. */
  private early: StoredEvent[] | undefined = [];
  private doneEarly = false;
  private connection: SseConnection | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly keepAliveMs: number,
    private readonly retryMs: number,
    private readonly onClosed: () => void,
  ) {}

  /** Starts on `sink`: the replay, then what was relayed meanwhile, then live. */
  start(sink: BodySink, replay: readonly StoredEvent[]): void {
    this.connection = new SseConnection(sink, this.keepAliveMs, () => this.close("gone"));
    for (const event of replay) this.write(event);
    for (const event of this.early ?? []) this.write(event);
    this.early = undefined;
    if (this.doneEarly || this.sawLast) {
      this.close("done");
      return;
    }
    this.timer = setTimeout(() => this.close("limit"), FOLLOW_LIMIT_MS);
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** An event the stream's process stored and relayed. */
  relayed(event: StoredEvent): void {
    if (this.early) this.early.push(event);
    else this.write(event);
  }

  /** The stream's process finished it: nothing more will come. */
  done(): void {
    if (this.early) this.doneEarly = true;
    else this.close("done");
  }

  /**
   * Ends the follower: the stream is `done`, the client is `gone`, or the follow `limit` passed
   * (the client is told when to come back).
   */
  close(why: "done" | "gone" | "limit"): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    if (why === "limit") this.connection?.write(retryField(this.retryMs));
    this.connection?.close();
    this.onClosed();
  }

  private write(event: StoredEvent): void {
    const count = countOf(event.eventId);
    if (count <= this.last) return;
    this.last = count;
    this.connection?.write(storedEvent(event.eventId, event.data));
    if (event.last !== true) return;
    this.sawLast = true;
    if (!this.early) this.close("done");
  }

  /** Whether the stream's last event went out. */
  private sawLast = false;
}
