import type { Capabilities } from "../eras/era.js";

/**
 * What a fleet of server processes shares about one session-era session (the `Mcp-Session-Id`
 * of Streamable HTTP), so that whichever process a request reaches can serve it. Plain JSON data:
 * a store may serialise it as it likes. Times are epoch milliseconds.
 */
export interface SessionRecord {
  /** The `Mcp-Session-Id`. */
  readonly sessionId: string;
  /** The revision `initialize` negotiated (e.g. `2025-11-25`). */
  readonly protocolVersion: string;
  /** The client's `capabilities` from `initialize`. */
  readonly clientCapabilities: Capabilities;
  /** The client's `clientInfo` from `initialize`. */
  readonly clientInfo?: Readonly<Record<string, unknown>>;
  /** Whether the client's `notifications/initialized` arrived (server requests may flow). */
  readonly initialized: boolean;
  /** The auth subject the session is bound to (absent: opened anonymously). */
  readonly owner?: string;
  /** The level the client set with `logging/setLevel` (absent: never set). */
  readonly logLevel?: string;
  readonly createdAt: number;
  /** The last request of the session seen by any process (kept coarsely: see {@link SessionStore}). */
  readonly lastActivity: number;
}

/** The fields of a {@link SessionRecord} that change during a session. */
export interface SessionChange {
  readonly initialized?: boolean;
  readonly logLevel?: string;
  readonly lastActivity?: number;
}

/**
 * Where session-era session records live, by session id. Async, so a fleet can share one store
 * (Redis: `@mcpkit/redis`); the default, {@link MemorySessionStore}, serves one process.
 *
 * Contract:
 * - Every write takes `ttlMs`: the record expires that long after the write unless written again
 *   (`0`: it never expires). An expired record is never returned, exactly like a deleted one.
 * - `create` refuses (false) an id that exists or a store that is full; nothing is replaced.
 * - `update` merges `change` into an existing record and restarts its expiry; `undefined` (and no
 *   record made) when there is none.
 * - `delete` is how a session ends for the whole fleet (DELETE, idle expiry): afterwards `get`
 *   returns `undefined` on every process. True when a record was there.
 * - Last write wins; no ordering across processes is promised beyond that.
 *
 * Processes read the store only for a session they do not hold in memory, and write it when a
 * session starts, changes (`initialized`, `logging/setLevel`) or, at most once per a quarter of
 * its idle timeout, to record activity: the hot path of a session held in memory does not wait
 * on the store.
 *
 * @example
 * ```ts
 * const store: SessionStore = new MemorySessionStore({ maxSessions: 1000 });
 * await store.create(
 *   { sessionId: "s1", protocolVersion: "2025-11-25", clientCapabilities: {}, initialized: false, createdAt: 0, lastActivity: 0 },
 *   60_000,
 * );
 * await store.update("s1", { initialized: true }, 60_000);
 * ```
 */
export interface SessionStore {
  /** Stores a new record; false when the id exists or the store is full. */
  create(record: SessionRecord, ttlMs: number): Promise<boolean>;
  /** The record of a session, or `undefined` when there is none (or it expired). */
  get(sessionId: string): Promise<SessionRecord | undefined>;
  /** Merges `change` into a record and restarts its expiry; `undefined` when there is none. */
  update(sessionId: string, change: SessionChange, ttlMs: number): Promise<SessionRecord | undefined>;
  /** Ends a session for the whole fleet; true when a record was there. */
  delete(sessionId: string): Promise<boolean>;
}
