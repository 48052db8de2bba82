import type { EventStore, StoredEvent } from "@mcpkit/transport-http";
import { command, keyPrefix, positive, type RedisCommands, RedisStoreError, Script } from "./connection.js";

/**
 * Keys, per session, under the prefix: `events:<session>` a Redis stream of the session's events
 * (fields `s` stream id, `e` event id, `d` data, in that order, then `l` on a stream's last event), trimmed to `maxEventsPerSession`
 * and to `maxAgeMs` by Redis's own clock, and `eventids:<session>` a hash from event id to stream
 * entry id, rebuilt from the stream when trimmed entries make it twice the stream's bound. Both
 * expire `maxAgeMs` after the session's last event.
 */
const PRELUDE = `
local stream = ARGV[1] .. 'events:' .. ARGV[2]
local ids = ARGV[1] .. 'eventids:' .. ARGV[2]
local maxAge = tonumber(ARGV[3])
local function trimByAge()
  local t = redis.call('TIME')
  local oldest = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) - maxAge
  if oldest > 0 then redis.call('XTRIM', stream, 'MINID', string.format('%d', oldest)) end
end
`;

/** ARGV: prefix, session, maxAgeMs, maxEvents, stream id, event id, data, '1' for a stream's last event or ''. */
const APPEND = new Script(`${PRELUDE}
local maxEvents = tonumber(ARGV[4])
local entry
if ARGV[8] == '1' then
  entry = redis.call('XADD', stream, 'MAXLEN', ARGV[4], '*', 's', ARGV[5], 'e', ARGV[6], 'd', ARGV[7], 'l', '1')
else
  entry = redis.call('XADD', stream, 'MAXLEN', ARGV[4], '*', 's', ARGV[5], 'e', ARGV[6], 'd', ARGV[7])
end
trimByAge()
redis.call('HSET', ids, ARGV[6], entry)
if redis.call('HLEN', ids) > 2 * maxEvents + 64 then
  redis.call('DEL', ids)
  for _, kept in ipairs(redis.call('XRANGE', stream, '-', '+')) do
    redis.call('HSET', ids, kept[2][4], kept[1])
  end
end
redis.call('PEXPIRE', stream, ARGV[3])
redis.call('PEXPIRE', ids, ARGV[3])
return entry
`);

/** ARGV: prefix, session, maxAgeMs, event id. Answers false, or the stream id then event id/data/last triples. */
const AFTER = new Script(`${PRELUDE}
local entry = redis.call('HGET', ids, ARGV[4])
if not entry then return false end
trimByAge()
local found = redis.call('XRANGE', stream, entry, entry)
if #found == 0 then return false end
local streamId = found[1][2][2]
local out = { streamId }
for _, later in ipairs(redis.call('XRANGE', stream, '(' .. entry, '+')) do
  local f = later[2]
  if f[2] == streamId then
    out[#out + 1] = f[4]
    out[#out + 1] = f[6]
    out[#out + 1] = f[8] or ''
  end
end
return out
`);

/** Options of a {@link RedisEventStore}. */
export interface RedisEventStoreOptions {
  /** The connection (the application connects and closes it). */
  readonly redis: RedisCommands;
  /** Prefix of every key the store writes. Default `mcpkit:`. */
  readonly prefix?: string;
  /** Events kept per session; past it the session's oldest is dropped. Default 1000. */
  readonly maxEventsPerSession?: number;
  /**
   * How long an event is kept (ms, by Redis's clock); a session's keys expire this long after its
   * last event, so the events of a session that nobody ended (its node died) go too. Default 10 min.
   */
  readonly maxAgeMs?: number;
}

/**
 * An {@link EventStore} on Redis: a client whose node died resumes its SSE stream on another node
 * with `Last-Event-ID`, and gets every later event of that stream exactly once, in order. Bounded
 * per session by count and by age. `append` and `eventsAfter` are one round trip each (a Lua
 * script); a resume from an event that was dropped, or of another session, finds nothing (the
 * endpoint answers 404/410 as with the memory store).
 *
 * @example
 * ```ts
 * import { createClient } from "@redis/client";
 * import { createStreamableHttpHandler } from "@mcpkit/transport-http";
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const handler = createStreamableHttpHandler({
 *   onSession: (t) => server.connect(t),
 *   eventStore: new RedisEventStore({ redis, maxEventsPerSession: 500 }),
 * });
 * ```
 */
export class RedisEventStore implements EventStore {
  private readonly redis: RedisCommands;
  private readonly prefix: string;
  private readonly maxEvents: string;
  private readonly maxAge: string;

  constructor(options: RedisEventStoreOptions) {
    this.redis = options.redis;
    this.prefix = keyPrefix(options.prefix);
    this.maxEvents = String(positive(options.maxEventsPerSession ?? 1000, "maxEventsPerSession"));
    this.maxAge = String(positive(options.maxAgeMs ?? 600_000, "maxAgeMs"));
  }

  async append(sessionId: string, event: StoredEvent): Promise<void> {
    await APPEND.run(
      this.redis,
      [],
      [
        this.prefix,
        sessionId,
        this.maxAge,
        this.maxEvents,
        event.streamId,
        event.eventId,
        event.data,
        event.last === true ? "1" : "",
      ],
    );
  }

  async eventsAfter(sessionId: string, eventId: string): Promise<readonly StoredEvent[] | undefined> {
    const answer = await AFTER.run(this.redis, [], [this.prefix, sessionId, this.maxAge, eventId]);
    if (answer === null || answer === undefined) return undefined;
    if (!Array.isArray(answer)) throw new RedisStoreError("Unexpected reply to the event replay script");
    const streamId = String(answer[0]);
    const events: StoredEvent[] = [];
    for (let i = 1; i + 2 < answer.length; i += 3) {
      const event = { streamId, eventId: String(answer[i]), data: String(answer[i + 1]) };
      events.push(answer[i + 2] === "1" ? { ...event, last: true as const } : event);
    }
    return events;
  }

  async dropSession(sessionId: string): Promise<void> {
    await command(this.redis, [
      "DEL",
      `${this.prefix}events:${sessionId}`,
      `${this.prefix}eventids:${sessionId}`,
    ]);
  }
}
