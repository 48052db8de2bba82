import { LocalError } from "@mcpkit/core";
import type { BodySink } from "./body-sink.js";
import type { StoredEvent } from "./event-store.js";
import { SseConnection } from "./sse-connection.js";
import { STREAM_OPEN_COMMENT, primingEvent, retryField, sseMessage, storedEvent } from "./sse-format.js";

/** What a stream needs from its session. */
export interface SseStreamHost {
  /** A new event id on `streamId`, unique within the session and encoding the stream. */
  nextEventId(streamId: string): string;
  /** Hands an event to the session's event store, in order; settles once the store has it (or failed). */
  store(event: StoredEvent): Promise<void>;
  /** A connection opened or went away (the idle clock restarts). */
  touch(): void;
  /**
   * An event of a stream kept for a resume stored while no connection of this process carried it:
   * a resume through another process of a fleet follows the stream with it.
   */
  relay(event: StoredEvent): void;
  /** A stream that went on without a connection here is done (see `relay`). */
  relayDone(streamId: string): void;
  readonly keepAliveMs: number;
}

/** How a stream treats messages sent while no connection carries it. */
export interface SseStreamPolicy {
  /**
   * `queue`: hold them (without ids) for the next connection, fresh or resumed: the GET stream.
   * `store`: give them ids and keep them only in the event store, for a resume: a POST's stream.
   */
  readonly whenDetached: "queue" | "store";
  /** Most messages held; past it `emit` throws. */
  readonly maxHeld: number;
  /**
   * Most events waiting for the event store before they are written (a slow store); past it
   * `emit` throws and the connection closes once what waits is written (see `emit`).
   */
  readonly maxPending: number;
  /** With polling on, each connection closes this long after it opens (0: never). */
  readonly closeAfterMs: number;
  /** Runs once when the stream is finished and has nothing left to deliver. */
  readonly onDone: () => void;
  /**
   * Stores the first event at once rather than lazily (see `firstEvent`): the GET stream of a
   * session on a fleet, whose client resumes from its priming event on another process if this
   * one dies before a second event.
   */
  readonly storeFirstEvent?: boolean;
}

/**
 * One logical SSE stream of a session (a POST's answer or the GET stream), which outlives its
 * connections: every event gets an id and goes to the event store (the first one lazily, see
 * `firstEvent`), so a client that lost the connection resumes with `Last-Event-ID` and misses
 * nothing. An event is written only once the store has it: a client holds no id the store does
 * not know, so it resumes even on another process of a fleet after this one died. With polling (2025-11-25 and later)
 * a connection starts with a priming event and the server may close it early.
 */
export class SseStream {
  private connection: SseConnection | undefined;
  /** Messages waiting for a connection, each with whether it is the stream's last. */
  private held: [json: string, last: boolean][] = [];
  private resumeTicket = 0;
  private resuming = false;
  private finished = false;
  private done = false;
  private retryMs: number | undefined;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  /** Events waiting for the store before they are written, and the last one's wait. */
  private pending = 0;
  private lastStored: Promise<void> = Promise.resolve();
  /** Whether the stream went on without a connection at some point (its end is relayed). */
  private detached = false;
  /** Whether the stream has had an event yet. */
  private started = false;
  /**
   * The stream's first event, not yet in the event store. Nothing is ever replayed from a
   * stream's first event (a resume replays what followed the id the client holds), so it is
   * needed there only as a point to resume from: it goes to the store when a second event
   * follows or a resume begins, and never when the stream ends first. A POST answered by one
   * message (every session's initialize) so leaves nothing in the store.
   */
  private firstEvent: StoredEvent | undefined;

  constructor(
    readonly id: string,
    private readonly host: SseStreamHost,
    private readonly policy: SseStreamPolicy,
  ) {}

  /** Whether a connection is open or being resumed (the client is listening). */
  get listening(): boolean {
    return this.resuming || this.connection?.alive === true;
  }

  /** Messages waiting for a connection. */
  get heldCount(): number {
    return this.held.length;
  }

  /**
   * Opens a fresh connection on `sink`: with `retryMs` (polling), a priming event first; then
   * whatever waited for it.
   */
  open(retryMs: number | undefined, sink: BodySink): void {
    this.retryMs = retryMs;
    const connection = this.connect(sink);
    if (retryMs !== undefined) {
      const eventId = this.host.nextEventId(this.id);
      connection.write(primingEvent(eventId, retryMs));
      this.record({ streamId: this.id, eventId, data: "" });
    }
    this.flushHeld();
    this.settle();
  }

  /**
   * Sends one message (JSON text) on the stream, or keeps it as the policy says. `last`: the
   * stream's last message (a POST's last answer), stored as such (`StoredEvent.last`).
   *
   * With `maxPending` events already waiting for the event store, a message other than the last
   * is refused (throws; nothing of it is stored or written), and the connection closes once the
   * events before it are written, so its client resumes with `Last-Event-ID` when the store has
   * caught up. The last message is never refused: a stream has one, and its client waits for it.
   */
  emit(json: string, last = false): void {
    if (this.resuming || (!this.connection && this.policy.whenDetached === "queue")) {
      if (this.held.length >= this.policy.maxHeld) {
        throw new LocalError(
          "transport_failed",
          `more than ${this.policy.maxHeld} messages wait for an SSE stream`,
        );
      }
      this.held.push([json, last]);
      return;
    }
    if (!last && this.pending >= this.policy.maxPending) {
      this.closeWhenStored(false);
      throw new LocalError(
        "transport_failed",
        `more than ${this.policy.maxPending} events of an SSE stream wait for the event store`,
      );
    }
    this.send(json, last);
  }

  /** Gives a message an id and hands it to the store, written once stored. */
  private send(json: string, last: boolean): void {
    const eventId = this.host.nextEventId(this.id);
    const event: StoredEvent = {
      streamId: this.id,
      eventId,
      data: json,
      ...(last ? { last: true as const } : {}),
    };
    this.writeOnceStored(sseMessage(json, eventId), this.record(event), event);
  }

  /**
   * Writes `text` on the current connection once `stored` settles (at once when nothing is
   * stored and nothing waits). A connection gone or replaced meanwhile drops it: the event is in
   * the store, and a resume, which waits for the store, replays it.
   */
  private writeOnceStored(text: string, stored: Promise<void> | undefined, event: StoredEvent): void {
    const connection = this.connection;
    if (stored === undefined && this.pending === 0) {
      connection?.write(text);
      return;
    }
    this.pending += 1;
    const written = (stored ?? this.lastStored).then(() => {
      this.pending -= 1;
      if (connection !== undefined && this.connection === connection) connection.write(text);
      else if (stored !== undefined && this.policy.whenDetached === "store") this.host.relay(event);
      this.settle();
    });
    this.lastStored = written;
  }

  /** Hands an event to the event store (settles once it has it); the first one waits (see `firstEvent`). */
  private record(event: StoredEvent): Promise<void> | undefined {
    if (!this.started) {
      this.started = true;
      if (this.policy.storeFirstEvent === true) return this.host.store(event);
      this.firstEvent = event;
      return undefined;
    }
    this.storeFirstEvent();
    return this.host.store(event);
  }

  private storeFirstEvent(): Promise<void> | undefined {
    const first = this.firstEvent;
    this.firstEvent = undefined;
    return first ? this.host.store(first) : undefined;
  }

  /** No more messages will come (a POST's requests are all answered, or the session ended). */
  finish(): void {
    this.finished = true;
    this.settle();
  }

  /** Ends the stream now, dropping what waits (the session ended). */
  end(): void {
    this.held = [];
    this.resuming = false;
    this.finished = true;
    this.settle();
  }

  /** Starts a resume: the current connection closes and messages wait; returns a ticket. */
  beginResume(): number {
    // The resume may be from the first event: the store must know it (the host awaits stores).
    this.storeFirstEvent();
    this.dropConnection();
    this.resuming = true;
    this.resumeTicket += 1;
    return this.resumeTicket;
  }

  /** Completes a resume on `sink`: the replayed events, then what waited meanwhile, then live. */
  resumed(ticket: number, replay: readonly StoredEvent[], sink: BodySink): void {
    if (ticket !== this.resumeTicket || !this.resuming) {
      replayOnly(replay, sink);
      return;
    }
    this.resuming = false;
    const connection = this.connect(sink);
    for (const event of replay) connection.write(storedEvent(event.eventId, event.data));
    this.flushHeld();
    this.settle();
  }

  /** Gives a resume up (its id was unknown): what waited goes where it would have gone. */
  resumeFailed(ticket: number): void {
    if (ticket !== this.resumeTicket || !this.resuming) return;
    this.resuming = false;
    this.flushHeld();
    this.settle();
  }

  /**
   * Closes the current connection early (SSE polling), telling the client when to come back; the
   * stream goes on and the client resumes it. False when polling is off or no connection is open.
   */
  closeConnection(): boolean {
    if (this.retryMs === undefined || !this.connection) return false;
    this.closeWhenStored(true);
    return true;
  }

  /** The connection a close is scheduled for (one at a time, however often it is asked for). */
  private closing: SseConnection | undefined;

  /**
   * Closes the current connection once every event written before is stored and written, with
   * the `retry` field when polling. `polling`: only while polling is on (an early close).
   */
  private closeWhenStored(polling: boolean): void {
    const connection = this.connection;
    if (!connection || this.closing === connection) return;
    this.closing = connection;
    // The client comes back with the last id it got, maybe to another process of a fleet: the
    // store must know it (the first event too) and every event written before the close.
    const stored = this.storeFirstEvent();
    const close = () => {
      if (this.closing === connection) this.closing = undefined;
      if (this.connection !== connection || (polling && this.retryMs === undefined)) return;
      if (this.retryMs !== undefined) connection.write(retryField(this.retryMs));
      this.dropConnection();
      this.detached = true;
    };
    if (stored === undefined && this.pending === 0) close();
    else void Promise.all([stored, this.lastStored]).then(close);
  }

  private connect(sink: BodySink): SseConnection {
    this.dropConnection();
    const connection = new SseConnection(sink, this.host.keepAliveMs, () => {
      if (this.connection !== connection) return;
      this.connection = undefined;
      if (!this.done) this.detached = true;
      clearTimeout(this.closeTimer);
      this.host.touch();
    });
    this.connection = connection;
    if (this.retryMs !== undefined && this.policy.closeAfterMs > 0 && !this.finished) {
      this.closeTimer = setTimeout(() => this.closeConnection(), this.policy.closeAfterMs);
      (this.closeTimer as { unref?: () => void }).unref?.();
    }
    return connection;
  }

  private dropConnection(): void {
    clearTimeout(this.closeTimer);
    const connection = this.connection;
    this.connection = undefined;
    connection?.close();
  }

  private flushHeld(): void {
    if (!this.connection && this.policy.whenDetached === "queue") return;
    // Held messages were accepted (and bounded) already: none is refused now.
    for (const [json, last] of this.held.splice(0)) this.send(json, last);
  }

  /** Once finished with nothing left to deliver live: close the connection and report done. */
  private settle(): void {
    if (!this.finished || this.resuming || this.done || this.pending > 0) return;
    if (!this.connection && this.held.length > 0) return;
    this.dropConnection();
    this.done = true;
    if (this.detached && this.policy.whenDetached === "store") this.host.relayDone(this.id);
    // Nothing can resume from an ended stream's only event: the client holding its id has it all.
    this.firstEvent = undefined;
    this.policy.onDone();
  }
}

/** Writes `events` to `sink` and ends it: a resume of a stream that is over. */
export function replayOnly(events: readonly StoredEvent[], sink: BodySink): void {
  // Like every SSE response (see SseConnection), it starts with the opening comment.
  sink.write(STREAM_OPEN_COMMENT);
  for (const event of events) sink.write(storedEvent(event.eventId, event.data));
  sink.close();
}
