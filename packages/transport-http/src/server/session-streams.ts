import type { BodySink } from "./body-sink.js";
import type { EventStore, StoredEvent } from "./event-store.js";
import { SseStream, type SseStreamHost, replayOnly } from "./sse-stream.js";
import { StreamFollower } from "./stream-follower.js";

/** How a session's streams reach the other processes of a fleet (see `SseStreamHost.relay`). */
export interface StreamRelay {
  event(event: StoredEvent): void;
  done(streamId: string): void;
}

/** Settings of a session's SSE streams, from the handler's options. */
export interface StreamSettings {
  readonly eventStore: EventStore;
  readonly keepAliveMs: number;
  /** The `retry` of priming events, in ms. */
  readonly retryMs: number;
  /** With polling, a POST's SSE connection closes this long after it opens; 0 never. */
  readonly closeSseAfterMs: number;
  readonly maxQueuedMessages: number;
  /** Most events of one stream waiting for the event store (see `SseStreamPolicy.maxPending`). */
  readonly maxPendingEvents: number;
  /** Told about event store failures. */
  readonly onError: (error: unknown) => void;
}

/**
 * The id of the GET stream; POST streams are `p1`, `p2`, … A copy of the session rebuilt in
 * another process of a fleet prefixes its streams with its tag (`3f09a1c2.p1`), so event ids stay
 * unique within the session across the fleet.
 */
const GET_STREAM = "g";

/** The stream an event id belongs to: ids are `[<tag>.]<stream>-<number>`. */
export function streamOfEventId(eventId: string): string | undefined {
  const match = /^((?:[0-9a-f]{8}\.)?(?:g|p\d+))-\d+$/.exec(eventId);
  return match?.[1];
}

/** Whether a stream id names a GET stream (of any copy of the session). */
export function isGetStream(streamId: string | undefined): boolean {
  return streamId?.endsWith(GET_STREAM) === true;
}

/**
 * The SSE streams of one session: event ids (unique within the session, naming their stream),
 * the ordered hand-off to the event store, and resumption by `Last-Event-ID`.
 */
export class SessionStreams implements SseStreamHost {
  /** The GET stream, made on first use; it holds messages for the next GET while none is open. */
  private getStream: SseStream | undefined;
  /** The streams not yet done, by id; made on first use and dropped when empty. */
  private live: Map<string, SseStream> | undefined;
  private eventCount = 0;
  private postCount = 0;
  private storing: Promise<void> = Promise.resolve();
  /** Events waiting for the chain to reach them (see `store`), and when they are stored. */
  private toStore: StoredEvent[] | undefined;
  private toStoreDone: Promise<void> = Promise.resolve();

  constructor(
    private readonly sessionId: string,
    private readonly settings: StreamSettings,
    private readonly session: { touch(): void },
    /** Prefixes this copy's stream ids (empty for the copy that opened the session). */
    private readonly prefix = "",
    /** On a fleet: where detached streams' events go, and whence a resume follows another copy's. */
    private readonly relayTo?: StreamRelay,
  ) {}

  /** Resumed streams whose live end is another process, by stream id. */
  private followers: Map<string, StreamFollower> | undefined;

  relay(event: StoredEvent): void {
    this.relayTo?.event(event);
  }

  relayDone(streamId: string): void {
    this.relayTo?.done(streamId);
  }

  /** Another process relayed an event of one of its streams (a follower here may carry it). */
  relayed(event: StoredEvent): void {
    this.followers?.get(event.streamId)?.relayed(event);
  }

  /** Another process's stream is done. */
  relayedDone(streamId: string): void {
    this.followers?.get(streamId)?.done();
  }

  /** Whether a stream id is one of this copy's (a stream of it not live is over). */
  private ownStream(streamId: string): boolean {
    if (this.prefix === "") return !streamId.includes(".");
    return streamId.startsWith(this.prefix) && !streamId.slice(this.prefix.length).includes(".");
  }

  private follow(streamId: string): StreamFollower {
    this.followers ??= new Map();
    this.followers.get(streamId)?.close("gone");
    const follower = new StreamFollower(this.settings.keepAliveMs, this.settings.retryMs, () => {
      if (this.followers?.get(streamId) !== follower) return;
      this.followers.delete(streamId);
      if (this.followers.size === 0) this.followers = undefined;
      this.touch();
    });
    this.followers.set(streamId, follower);
    return follower;
  }

  /** The GET stream. */
  get standalone(): SseStream {
    if (this.getStream === undefined) {
      const id = `${this.prefix}${GET_STREAM}`;
      this.getStream = new SseStream(id, this, {
        whenDetached: "queue",
        maxHeld: this.settings.maxQueuedMessages,
        maxPending: this.settings.maxPendingEvents,
        closeAfterMs: 0,
        onDone: () => this.forgetStream(id),
        // On a fleet the client may resume it from its priming event on another process.
        storeFirstEvent: this.relayTo !== undefined,
      });
      this.addStream(id, this.getStream);
    }
    return this.getStream;
  }

  /** Messages the GET stream holds for the next GET. */
  get heldForGet(): number {
    return this.getStream?.heldCount ?? 0;
  }

  get keepAliveMs(): number {
    return this.settings.keepAliveMs;
  }

  touch(): void {
    this.session.touch();
  }

  /** Closes the GET stream's connection early (SSE polling); false when none is open or polling is off. */
  closeStandalone(): boolean {
    return this.getStream?.closeConnection() ?? false;
  }

  private addStream(id: string, stream: SseStream): void {
    this.live ??= new Map();
    this.live.set(id, stream);
  }

  private forgetStream(id: string): void {
    this.live?.delete(id);
    if (this.live?.size === 0) this.live = undefined;
  }

  nextEventId(streamId: string): string {
    this.eventCount += 1;
    return `${streamId}-${this.eventCount}`;
  }

  store(event: StoredEvent): Promise<void> {
    // Events stored in one turn (a priming event and its answer) share one link of the chain.
    if (this.toStore) {
      this.toStore.push(event);
      return this.toStoreDone;
    }
    const batch = [event];
    this.toStore = batch;
    this.storing = this.storing.then(() => this.appendAll(batch));
    this.toStoreDone = this.storing;
    return this.storing;
  }

  /** Appends a batch in order; a failing append is reported and the next ones still go. */
  private async appendAll(batch: StoredEvent[]): Promise<void> {
    // From now on new events make a new batch, chained after this one.
    if (this.toStore === batch) this.toStore = undefined;
    for (const event of batch) {
      try {
        await this.settings.eventStore.append(this.sessionId, event);
      } catch (error) {
        this.settings.onError(error);
      }
    }
  }

  /** A new stream for a POST's answer, carried by `sink`; `polling` on 2025-11-25 and later. */
  openPostStream(polling: boolean, sink: BodySink): SseStream {
    this.postCount += 1;
    const id = `${this.prefix}p${this.postCount}`;
    const stream = new SseStream(id, this, {
      whenDetached: "store",
      maxHeld: this.settings.maxQueuedMessages,
      maxPending: this.settings.maxPendingEvents,
      closeAfterMs: this.settings.closeSseAfterMs,
      onDone: () => this.forgetStream(id),
    });
    this.addStream(id, stream);
    stream.open(polling ? this.settings.retryMs : undefined, sink);
    return stream;
  }

  /** Opens the GET stream afresh on a sink from `openBody`, returned; undefined while a connection of it is open. */
  openStandalone(polling: boolean, openBody: () => BodySink): BodySink | undefined {
    if (this.standalone.listening) return undefined;
    const sink = openBody();
    this.standalone.open(polling ? this.settings.retryMs : undefined, sink);
    return sink;
  }

  /**
   * Resumes the stream `lastEventId` belongs to: the events after it, then (if the stream goes
   * on) live, on a sink from `openBody`, returned. Undefined when the id is unknown to the event store.
   */
  async resume(lastEventId: string, openBody: () => BodySink): Promise<BodySink | undefined> {
    const streamId = streamOfEventId(lastEventId);
    if (streamId === undefined) return undefined;
    // The GET stream goes on live here, whichever copy of the session carried it before (a GET
    // stream not made yet is one that would be live).
    const live = isGetStream(streamId) ? this.standalone : this.live?.get(streamId);
    const ticket = live?.beginResume() ?? 0;
    // Not a stream of this copy: on a fleet, another copy may still be carrying it on; follow
    // it (listening before the store is read, so nothing falls in between).
    const follower = !live && this.relayTo && !this.ownStream(streamId) ? this.follow(streamId) : undefined;
    let replay: readonly StoredEvent[] | undefined;
    try {
      // Everything already sent on the stream is in the store once earlier appends are done.
      await this.storing;
      replay = await this.settings.eventStore.eventsAfter(this.sessionId, lastEventId);
    } finally {
      if (replay === undefined) {
        live?.resumeFailed(ticket);
        follower?.close("gone");
      }
    }
    if (replay === undefined) return undefined;
    this.touch();
    const sink = openBody();
    if (live) live.resumed(ticket, replay, sink);
    else if (follower) follower.start(sink, replay);
    else replayOnly(replay, sink);
    return sink;
  }

  /**
   * Ends every stream; the GET stream keeps what it holds for one last GET. `dropEvents`: the
   * session is over, its events go too (not when only this copy of it ends).
   */
  end(dropEvents = true): void {
    for (const follower of [...(this.followers?.values() ?? [])]) follower.close("done");
    const get = this.standalone;
    get.finish();
    for (const stream of [...(this.live?.values() ?? [])]) if (stream !== get) stream.end();
    if (!dropEvents) return;
    this.storing = this.storing
      .then(() => this.settings.eventStore.dropSession(this.sessionId))
      .catch((error: unknown) => this.settings.onError(error));
  }
}
