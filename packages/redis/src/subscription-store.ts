import type { SubscriptionStore } from "@mcpkit/server";
import { command, keyPrefix, positive, type RedisCommands, Script } from "./connection.js";

/** ARGV: key, uri, max, ttl. Answers 1 (subscribed) or 0 (the session's bound is reached). */
const ADD = new Script(`
local key = ARGV[1]
if redis.call('SISMEMBER', key, ARGV[2]) == 0 then
  if redis.call('SCARD', key) >= tonumber(ARGV[3]) then return 0 end
  redis.call('SADD', key, ARGV[2])
end
redis.call('PEXPIRE', key, ARGV[4])
return 1
`);

/** Options of a {@link RedisSubscriptionStore}. */
export interface RedisSubscriptionStoreOptions {
  /** The connection (the application connects and closes it). */
  readonly redis: RedisCommands;
  /** Prefix of every key the store writes. Default `mcpkit:`. */
  readonly prefix?: string;
  /** Subscriptions one session may hold. Default 1000. */
  readonly maxPerSession?: number;
  /**
   * How long a session's subscriptions outlive its last `resources/subscribe`, in ms, in case no
   * node clears them (the session's node died). Default 24 hours.
   */
  readonly ttlMs?: number;
}

/**
 * A `SubscriptionStore` (of `@mcpkit/server`) on Redis: a session's `resources/subscribe` URIs, one
 * set per session, so whichever node hears a resource change (over the bus) finds the subscribers
 * of every session it holds. One round trip per call; bounded per session; each set expires
 * `ttlMs` after its last subscription and is deleted when the session ends.
 *
 * @example
 * ```ts
 * const redis = await connectRedis("redis://127.0.0.1:6379");
 * const server = new Server(info, { subscriptions: new RedisSubscriptionStore({ redis, prefix: "app:" }) });
 * ```
 */
export class RedisSubscriptionStore implements SubscriptionStore {
  private readonly redis: RedisCommands;
  private readonly prefix: string;
  private readonly max: string;
  private readonly ttl: string;

  constructor(options: RedisSubscriptionStoreOptions) {
    this.redis = options.redis;
    this.prefix = keyPrefix(options.prefix);
    this.max = String(positive(options.maxPerSession ?? 1000, "maxPerSession"));
    this.ttl = String(positive(options.ttlMs ?? 86_400_000, "ttlMs"));
  }

  async add(sessionId: string, uri: string): Promise<boolean> {
    return (await ADD.run(this.redis, [], [this.key(sessionId), uri, this.max, this.ttl])) === 1;
  }

  /** Forgets one subscription, if it is there. */
  async remove(sessionId: string, uri: string): Promise<void> {
    await command(this.redis, ["SREM", this.key(sessionId), uri]);
  }

  /** Whether the session is subscribed to `uri`. */
  async has(sessionId: string, uri: string): Promise<boolean> {
    return Number(await command(this.redis, ["SISMEMBER", this.key(sessionId), uri])) === 1;
  }

  async clear(sessionId: string): Promise<void> {
    await command(this.redis, ["DEL", this.key(sessionId)]);
  }

  private key(sessionId: string): string {
    return `${this.prefix}subscriptions:${sessionId}`;
  }
}
