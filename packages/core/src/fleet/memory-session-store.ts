import type { SessionChange, SessionRecord, SessionStore } from "./session-store.js";

/** Options of {@link MemorySessionStore}. */
export interface MemorySessionStoreOptions {
  /** Most unexpired records held; `create` past it returns false. Default 100 000. */
  readonly maxSessions?: number;
  /** The clock (ms). Default `Date.now`. */
  readonly now?: () => number;
}

interface Entry {
  record: SessionRecord;
  /** When it expires (epoch ms); `Infinity` never. */
  expiresAt: number;
}

/**
 * The in-memory {@link SessionStore}: bounded, expired records dropped whenever they are met and
 * swept when the store is full. One instance shared by several in-process servers makes them a
 * fleet (as in tests); each process alone gets its own.
 *
 * @example
 * ```ts
 * const sessions = new MemorySessionStore({ maxSessions: 10_000 });
 * const found = await sessions.get("0f3c...");
 * ```
 */
export class MemorySessionStore implements SessionStore {
  private readonly entries = new Map<string, Entry>();
  private readonly max: number;
  private readonly now: () => number;

  constructor(options: MemorySessionStoreOptions = {}) {
    this.max = options.maxSessions ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  /** How many records are held (expired ones not yet swept included). */
  get size(): number {
    return this.entries.size;
  }

  async create(record: SessionRecord, ttlMs: number): Promise<boolean> {
    if (this.live(record.sessionId)) return false;
    if (this.entries.size >= this.max) this.sweep();
    if (this.entries.size >= this.max) return false;
    this.entries.set(record.sessionId, { record: { ...record }, expiresAt: this.expiry(ttlMs) });
    return true;
  }

  async get(sessionId: string): Promise<SessionRecord | undefined> {
    return this.live(sessionId)?.record;
  }

  async update(sessionId: string, change: SessionChange, ttlMs: number): Promise<SessionRecord | undefined> {
    const entry = this.live(sessionId);
    if (!entry) return undefined;
    entry.record = { ...entry.record, ...withoutUndefined(change) };
    entry.expiresAt = this.expiry(ttlMs);
    return entry.record;
  }

  async delete(sessionId: string): Promise<boolean> {
    const existed = this.live(sessionId) !== undefined;
    this.entries.delete(sessionId);
    return existed;
  }

  private expiry(ttlMs: number): number {
    return ttlMs > 0 ? this.now() + ttlMs : Number.POSITIVE_INFINITY;
  }

  private live(sessionId: string): Entry | undefined {
    const entry = this.entries.get(sessionId);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
  }
}

function withoutUndefined(change: SessionChange): SessionChange {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(change)) if (value !== undefined) out[key] = value;
  return out as SessionChange;
}
