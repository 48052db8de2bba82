/** One SSE event as an {@link EventStore} keeps it. */
export interface StoredEvent {
  /** The stream (a POST's response stream or the GET stream) the event went out on. */
  readonly streamId: string;
  /** The SSE `id` the event carried; unique within its session. */
  readonly eventId: string;
  /** The event's `data`: one JSON-RPC message as JSON text, or `""` for a priming event. */
  readonly data: string;
  /**
   * Set on a stream's last event (a POST's last answer): a store gives it back with the event, so
   * a resume through another process of a fleet knows the stream is over.
   */
  readonly last?: true;
}

/**
 * Where a session's SSE events are kept so a client that lost a stream can resume it with
 * `Last-Event-ID`. Async, so a shared store (Redis, a database) can back servers behind a load
 * balancer. Implementations may drop old events to stay bounded; a resume from a dropped id is
 * refused with 410. The endpoint calls `append` in event order per stream, writes an event to
 * the client only once its `append` settled (so a client never holds an id the store was not
 * given, and resumes even through another process sharing the store), and waits for earlier
 * appends before it calls `eventsAfter`. A stream's first event, from which nothing is ever
 * replayed, is appended only once a second event of that stream follows or a resume begins (so
 * possibly after later events of other streams), and never if the stream ends first: a POST
 * answered by one message stores nothing.
 *
 * @example
 * ```ts
 * const handler = createStreamableHttpHandler({
 *   onSession: (t) => server.connect(t),
 *   eventStore: new MemoryEventStore({ maxEventsPerSession: 500 }),
 * });
 * ```
 */
export interface EventStore {
  /** Keeps one event of a session. */
  append(sessionId: string, event: StoredEvent): Promise<void>;
  /**
   * The events of the same stream as `eventId` that came after it, oldest first; `undefined` when
   * the store does not know `eventId` (never stored, dropped, or of another session).
   */
  eventsAfter(sessionId: string, eventId: string): Promise<readonly StoredEvent[] | undefined>;
  /** Forgets a session's events: it has ended. */
  dropSession(sessionId: string): Promise<void>;
}

/** An event store that keeps nothing (answers that cannot be resumed). */
export const NO_EVENTS: EventStore = Object.freeze({
  append: () => Promise.resolve(),
  eventsAfter: () => Promise.resolve(undefined),
  dropSession: () => Promise.resolve(),
});
