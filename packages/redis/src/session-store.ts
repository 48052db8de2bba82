import type { SessionRecord, SessionStore } from "@mcpkit/core";
import { keyPrefix, positive, type RedisCommands, RedisStoreError, Script } from "./connection.js";

/** A change of a session record, as `SessionStore.update` takes it. */
type SessionChange = Parameters<SessionStore["update"]>[1];

/**
 * Keys under the prefix (ARGV[1]): `session:<id>` a hash per session, with `fixed` (the JSON of
 * the fields that never change), `initialized`, `logLevel`, `lastActivity` and `expiresAt`
 * (`inf`: never); `sessions` a sorted set of ids by expiry (the count the bound checks, and the
 * sweep's index; one key, bounded by `maxSessions`, never expiring). ARGV[2] is the store's clock: expiry follows it exactly, and Redis key expiry
 * (relative) frees the memory on its own. Scripts never decode JSON.
 */
const PRELUDE = `
local prefix = ARGV[1]
local now = tonumber(ARGV[2])
local all = prefix .. 'sessions'
local key = prefix .. 'session:' .. ARGV[3]
local function live()
  local expiresAt = redis.call('HGET', key, 'expiresAt')
  if not expiresAt then return false end
  if expiresAt ~= 'inf' and now >= tonumber(expiresAt) then
    redis.call('DEL', key)
    redis.call('ZREM', all, ARGV[3])
    return false
  end
  return true
end
local function expire(ttl, expiresAt)
  if ttl == '0' then redis.call('PERSIST', key) else redis.call('PEXPIRE', key, ttl) end
  redis.call('HSET', key, 'expiresAt', expiresAt)
  redis.call('ZADD', all, expiresAt == 'inf' and '+inf' or expiresAt, ARGV[3])
end
`;

/** ARGV: prefix, now, id, ttl, expiresAt, max, fixed, initialized, lastActivity, logLevel flag, logLevel. */
const CREATE = new Script(`${PRELUDE}
if live() then return 0 end
redis.call('ZREMRANGEBYSCORE', all, '-inf', ARGV[2])
if redis.call('ZCARD', all) >= tonumber(ARGV[6]) then return 0 end
redis.call('DEL', key)
redis.call('HSET', key, 'fixed', ARGV[7], 'initialized', ARGV[8], 'lastActivity', ARGV[9])
if ARGV[10] == '1' then redis.call('HSET', key, 'logLevel', ARGV[11]) end
expire(ARGV[4], ARGV[5])
return 1
`);

/** ARGV: prefix, now, id. */
const GET = new Script(`${PRELUDE}
if not live() then return false end
return redis.call('HGETALL', key)
`);

/** ARGV: prefix, now, id, ttl, expiresAt, then field/value pairs to set. */
const UPDATE = new Script(`${PRELUDE}
if not live() then return false end
for i = 6, #ARGV, 2 do redis.call('HSET', key, ARGV[i], ARGV[i + 1]) end
expire(ARGV[4], ARGV[5])
return redis.call('HGETALL', key)
`);

/** ARGV: prefix, now, id. */
const DELETE = new Script(`${PRELUDE}
local existed = live()
redis.call('DEL', key)
redis.call('ZREM', all, ARGV[3])
return existed and 1 or 0
`);

/** Options of a {@link RedisSessionStore}. */
export interface RedisSessionStoreOptions {
  /** The connection (the application connects and closes it). */
  readonly redis: RedisCommands;
  /** Prefix of every key the store writes. Default `mcpkit:`. */
  readonly prefix?: string;
  /** Most unexpired sessions in the fleet; `create` past it returns false. Default 100 000. */
  readonly maxSessions?: number;
  /** The clock (ms) of expiry. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * A `SessionStore` (of `@mcpkit/core`) on Redis: the session-era session records of a fleet, so
 * that a request for a session is served by whichever node it reaches, and a DELETE or an expiry
 * on any node ends the session everywhere. Each call is one Lua script (one round trip, atomic);
 * records expire `ttlMs` after their last write, and the store holds at most `maxSessions`.
 *
 * @example
 * ```ts
 * const redis = await connectRedis("redis://127.0.0.1:6379");
 * const sessions = new RedisSessionStore({ redis, prefix: "myapp:", maxSessions: 50_000 });
 * const record = await sessions.get("0f3c...");
 * ```
 */
export class RedisSessionStore implements SessionStore {
  private readonly redis: RedisCommands;
  private readonly prefix: string;
  private readonly max: string;
  private readonly now: () => number;

  constructor(options: RedisSessionStoreOptions) {
    this.redis = options.redis;
    this.prefix = keyPrefix(options.prefix);
    this.max = String(positive(options.maxSessions ?? 100_000, "maxSessions"));
    this.now = options.now ?? Date.now;
  }

  /** Stores a new record; false when the id exists or `maxSessions` is reached. */
  async create(record: SessionRecord, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const { initialized, logLevel, lastActivity, ...fixed } = record;
    const args = [this.prefix, String(now), record.sessionId, ...this.expiry(now, ttlMs), this.max];
    args.push(JSON.stringify(fixed), initialized ? "1" : "0", String(lastActivity));
    args.push(logLevel === undefined ? "0" : "1", logLevel ?? "");
    return (await CREATE.run(this.redis, [], args)) === 1;
  }

  /** The record of a session, or `undefined` when there is none (or it expired). */
  async get(sessionId: string): Promise<SessionRecord | undefined> {
    return toRecord(await GET.run(this.redis, [], [this.prefix, String(this.now()), sessionId]));
  }

  /** Merges `change` into a record and restarts its expiry; `undefined` when there is none. */
  async update(sessionId: string, change: SessionChange, ttlMs: number): Promise<SessionRecord | undefined> {
    const now = this.now();
    const args = [this.prefix, String(now), sessionId, ...this.expiry(now, ttlMs)];
    if (change.initialized !== undefined) args.push("initialized", change.initialized ? "1" : "0");
    if (change.logLevel !== undefined) args.push("logLevel", change.logLevel);
    if (change.lastActivity !== undefined) args.push("lastActivity", String(change.lastActivity));
    return toRecord(await UPDATE.run(this.redis, [], args));
  }

  /** Ends a session for the whole fleet; true when a record was there. */
  async delete(sessionId: string): Promise<boolean> {
    return (await DELETE.run(this.redis, [], [this.prefix, String(this.now()), sessionId])) === 1;
  }

  /** The relative expiry Redis applies, and the absolute one on the store's clock. */
  private expiry(now: number, ttlMs: number): [string, string] {
    return ttlMs > 0 ? [String(Math.ceil(ttlMs)), String(now + ttlMs)] : ["0", "inf"];
  }
}

function toRecord(reply: unknown): SessionRecord | undefined {
  if (reply === null || reply === undefined) return undefined;
  if (!Array.isArray(reply)) throw new RedisStoreError("Unexpected reply for a session");
  const f = new Map<string, string>();
  for (let i = 0; i + 1 < reply.length; i += 2) f.set(String(reply[i]), String(reply[i + 1]));
  const fixed = JSON.parse(f.get("fixed") ?? "{}") as Omit<SessionRecord, "initialized" | "lastActivity">;
  const logLevel = f.get("logLevel");
  return {
    ...fixed,
    initialized: f.get("initialized") === "1",
    lastActivity: Number(f.get("lastActivity")),
    ...(logLevel === undefined ? {} : { logLevel }),
  };
}
