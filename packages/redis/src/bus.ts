import type { Bus, Unsubscribe } from "@mcpkit/core";
import { command, keyPrefix, type RedisCommands, unavailable } from "./connection.js";

/** A listener of a pub/sub channel, as node-redis calls it. */
export type RedisChannelListener = (message: string, channel: string) => void;

/**
 * What {@link RedisBus} needs of its subscriber connection (a connection in subscribe mode can send
 * nothing else, so it is a second connection): node-redis's `subscribe` and `unsubscribe`, which
 * take one listener each and resubscribe on their own after a reconnection.
 */
export interface RedisSubscriber {
  /** Subscribes `listener` to a channel (`SUBSCRIBE`). */
  subscribe(channel: string, listener: RedisChannelListener): Promise<unknown>;
  /** Unsubscribes `listener` from a channel (`UNSUBSCRIBE`). */
  unsubscribe(channel: string, listener: RedisChannelListener): Promise<unknown>;
}

/** Options of a {@link RedisBus}. */
export interface RedisBusOptions {
  /** The connection that publishes. */
  readonly redis: RedisCommands;
  /** A second connection, for subscriptions only (e.g. `redis.duplicate()`, connected). */
  readonly subscriber: RedisSubscriber;
  /** Prefix of every channel (the fleet's namespace). Default `mcpkit:`. */
  readonly prefix?: string;
}

/**
 * The `Bus` (of `@mcpkit/core`) of a fleet, on Redis pub/sub: a message published on any node
 * reaches every subscription of its channel on every node joined to the same Redis and prefix.
 * Like Redis pub/sub, it keeps nothing: a message published while a node is disconnected is lost
 * for that node. While Redis is unreachable, `publish` and `subscribe` reject with a
 * `RedisStoreError` (so the request that needed them fails clearly); the subscriber connection
 * reconnects and resubscribes on its own when Redis returns.
 *
 * @example
 * ```ts
 * const redis = await connectRedis("redis://127.0.0.1:6379");
 * const subscriber = await connectRedis("redis://127.0.0.1:6379");
 * const bus = new RedisBus({ redis, subscriber, prefix: "myapp:" });
 * const stop = await bus.subscribe("changes", (message) => console.log(message));
 * await bus.publish("changes", JSON.stringify({ type: "list", kind: "tools" }));
 * await stop();
 * ```
 */
export class RedisBus implements Bus {
  private readonly redis: RedisCommands;
  private readonly subscriber: RedisSubscriber;
  private readonly prefix: string;

  constructor(options: RedisBusOptions) {
    this.redis = options.redis;
    this.subscriber = options.subscriber;
    this.prefix = keyPrefix(options.prefix);
  }

  /** Publishes `message` on `channel` to every process (`PUBLISH`). */
  async publish(channel: string, message: string): Promise<void> {
    await command(this.redis, ["PUBLISH", this.prefix + channel, message]);
  }

  /** Calls `listener` with each message published on `channel` until the returned function is called. */
  async subscribe(channel: string, listener: (message: string) => void): Promise<Unsubscribe> {
    const name = this.prefix + channel;
    let active = true;
    // One function per subscription, so unsubscribing removes exactly this one; and once stopped
    // it delivers nothing, even if Redis was unreachable when it was removed.
    const own: RedisChannelListener = (message) => {
      if (active) listener(message);
    };
    try {
      await this.subscriber.subscribe(name, own);
    } catch (error) {
      throw unavailable(error);
    }
    let stopped: Promise<void> | undefined;
    return () => {
      active = false;
      stopped ??= this.subscriber.unsubscribe(name, own).then(
        () => undefined,
        (error: unknown) => {
          throw unavailable(error);
        },
      );
      return stopped;
    };
  }
}
