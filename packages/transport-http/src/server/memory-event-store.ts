import type { EventStore, StoredEvent } from "./event-store.js";

/** Limits of a {@link MemoryEventStore}. */
export interface MemoryEventStoreOptions {
  /** Events kept per session; past it the session's oldest is dropped. Default 1000. */
  readonly maxEventsPerSession?: number;
  /** Events kept in all; past it the oldest of any session is dropped. Default 100 000. */
  readonly maxEvents?: number;
}

/** One session's events, oldest first, with an index by event id. */
class SessionLog {
  private readonly events: (StoredEvent | undefined)[] = [];
  private first = 0;
  /** How many slots compaction removed from the front of `events` so far. */
  private base = 0;
  /** Each event's position counted from the log's start (`base` + index), so compaction keeps them. */
  private readonly positions = new Map<string, number>();

  get size(): number {
    return this.positions.size;
  }

  has(eventId: string): boolean {
    return this.positions.has(eventId);
  }

  add(event: StoredEvent): void {
    this.positions.set(event.eventId, this.base + this.events.length);
    this.events.push(event);
  }

  dropOldest(): string | undefined {
    const oldest = this.events[this.first];
    if (!oldest) return undefined;
    this.events[this.first] = undefined;
    this.first += 1;
    this.positions.delete(oldest.eventId);
    // Compact now and then so dropped slots do not pile up.
    if (this.first > 1024 && this.first * 2 > this.events.length) {
      this.events.splice(0, this.first);
      this.base += this.first;
      this.first = 0;
    }
    return oldest.eventId;
  }

  after(eventId: string): StoredEvent[] | undefined {
    const absolute = this.positions.get(eventId);
    if (absolute === undefined) return undefined;
    const position = absolute - this.base;
    const streamId = this.events[position]?.streamId;
    if (streamId === undefined) return undefined;
    const later: StoredEvent[] = [];
    for (let i = position + 1; i < this.events.length; i += 1) {
      const event = this.events[i];
      if (event !== undefined && event.streamId === streamId) later.push(event);
    }
    return later;
  }
}

/**
 * The default {@link EventStore}: events in memory, bounded per session and in total, the oldest
 * dropped first. Fine for one process; servers behind a load balancer need a shared store.
 *
 * @example
 * ```ts
 * const store = new MemoryEventStore({ maxEventsPerSession: 200, maxEvents: 50_000 });
 * const handler = createStreamableHttpHandler({ onSession: (t) => server.connect(t), eventStore: store });
 * ```
 */
export class MemoryEventStore implements EventStore {
  private readonly maxPerSession: number;
  private readonly maxTotal: number;
  private readonly logs = new Map<string, SessionLog>();
  /** Every append's session and event id, oldest first; entries already dropped are skipped. */
  private readonly order: [string, string][] = [];
  private head = 0;
  private total = 0;

  constructor(options: MemoryEventStoreOptions = {}) {
    this.maxPerSession = atLeastOne(options.maxEventsPerSession ?? 1000, "maxEventsPerSession");
    this.maxTotal = atLeastOne(options.maxEvents ?? 100_000, "maxEvents");
  }

  /** How many events the store holds. */
  get size(): number {
    return this.total;
  }

  async append(sessionId: string, event: StoredEvent): Promise<void> {
    let log = this.logs.get(sessionId);
    if (!log) {
      log = new SessionLog();
      this.logs.set(sessionId, log);
    }
    log.add(event);
    this.order.push([sessionId, event.eventId]);
    this.total += 1;
    if (log.size > this.maxPerSession) {
      const dropped = log.dropOldest();
      if (dropped !== undefined) {
        this.total -= 1;
        // Often (one busy session) the dropped event is also the oldest of all: skip its entry.
        const head = this.order[this.head];
        if (head !== undefined && head[0] === sessionId && head[1] === dropped) this.head += 1;
      }
    }
    while (this.total > this.maxTotal) this.dropGloballyOldest();
    this.compactOrder();
  }

  async eventsAfter(sessionId: string, eventId: string): Promise<readonly StoredEvent[] | undefined> {
    return this.logs.get(sessionId)?.after(eventId);
  }

  async dropSession(sessionId: string): Promise<void> {
    const log = this.logs.get(sessionId);
    if (!log) return;
    this.total -= log.size;
    this.logs.delete(sessionId);
  }

  private dropGloballyOldest(): void {
    while (this.head < this.order.length) {
      const [sessionId, eventId] = this.order[this.head] as [string, string];
      this.head += 1;
      const log = this.logs.get(sessionId);
      // Each session's log is oldest first too, so a live entry here is its log's oldest.
      if (!log?.has(eventId)) continue;
      log.dropOldest();
      this.total -= 1;
      if (log.size === 0) this.logs.delete(sessionId);
      return;
    }
  }

  private compactOrder(): void {
    if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order.splice(0, this.head);
      this.head = 0;
    }
    // Entries of per-session drops and ended sessions are stale: rebuild when they dominate.
    if (this.order.length - this.head > 2 * this.total + 1024) {
      const live = this.order.slice(this.head).filter(([s, e]) => this.logs.get(s)?.has(e) === true);
      this.order.length = 0;
      for (const entry of live) this.order.push(entry);
      this.head = 0;
    }
  }
}

function atLeastOne(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}
