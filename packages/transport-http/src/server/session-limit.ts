import { refusal } from "./refusal.js";
import type { Reply } from "./reply.js";

/**
 * The default `maxSessions`. A session that is only open keeps a few kilobytes (its transport,
 * the engine's connection, an entry on the idle clock; streams and tables are made on first
 * use), so 10 000 of them stay within tens of megabytes, and their events within the event
 * store's own bound; far more than one process has real clients for.
 */
export const DEFAULT_MAX_SESSIONS = 10_000;

/** The default `idleTimeoutMs`: 30 minutes. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * The `Retry-After` of a refusal at the session cap, in seconds: a slot frees whenever a client
 * ends its session or one expires, which the server cannot foresee, so a short fixed wait.
 */
export const SESSION_LIMIT_RETRY_AFTER_SECONDS = 10;

/** The 503 for a new session past `maxSessions`; sessions already open are not touched. */
export function sessionLimitRefusal(maxSessions: number): Reply {
  return refusal(
    503,
    `Service Unavailable: ${maxSessions} sessions are open, the most this endpoint allows (maxSessions); try again later`,
    undefined,
    { "retry-after": String(SESSION_LIMIT_RETRY_AFTER_SECONDS) },
  );
}
