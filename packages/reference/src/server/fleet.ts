import type { Bus, SessionStore } from "@mcpkit/core";
import {
  connectRedis,
  type RedisChannelListener,
  type RedisCommands,
  RedisBus,
  RedisEventStore,
  RedisSessionStore,
  RedisSubscriptionStore,
  type RedisSubscriber,
  RedisTaskStore,
} from "@mcpkit/redis";
import type { SubscriptionStore, TaskStore } from "@mcpkit/server";
import type { EventStore } from "@mcpkit/transport-http";
import type { SharedFixtures } from "../fixtures/shared.js";
import { redisFixtures } from "./fleet-fixtures.js";

/** The stores that make processes one fleet (`--redis URL`), and their connection. */
export interface FleetStores {
  readonly taskStore: TaskStore;
  readonly eventStore: EventStore;
  readonly sessionStore: SessionStore;
  readonly subscriptions: SubscriptionStore;
  /** One bus for the Server and its HTTP handler. */
  readonly bus: Bus;
  /** The fixtures' toggles and gates, shared by every process. */
  readonly fixtures: SharedFixtures;
  /** Resolves once the connection is up (the endpoint waits for it before it serves). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** Every process started with the same URL shares these keys. */
const PREFIX = "mcpkit-everything:";

/**
 * The everything-server's stores and bus on Redis. The connection is made now and used once it is up, so
 * the definition can be built at once; a lost connection is a clear error on the requests that
 * need it, and comes back on its own.
 *
 * @example
 * ```ts
 * const fleet = redisFleet("redis://127.0.0.1:6379", (e) => console.error(e.message));
 * await fleet.ready;
 * ```
 */
export function redisFleet(url: string, onError: (error: Error) => void): FleetStores {
  const connecting = connectRedis(url, { onError });
  // The bus subscribes on a connection of its own.
  const subscribing = connectRedis(url, { onError });
  const ready = Promise.all([connecting, subscribing]).then(() => fixtures.load());
  // Surfaced through `ready`, which the endpoint awaits.
  ready.catch(() => {});
  const redis: RedisCommands = { sendCommand: async (args) => (await connecting).sendCommand(args) };
  const subscriber: RedisSubscriber = {
    subscribe: async (channel: string, listener: RedisChannelListener) =>
      (await subscribing).subscribe(channel, listener),
    unsubscribe: async (channel: string, listener: RedisChannelListener) =>
      (await subscribing).unsubscribe(channel, listener),
  };
  const prefix = PREFIX;
  const bus = new RedisBus({ redis, subscriber, prefix });
  const fixtures = redisFixtures(redis, bus, prefix);
  return {
    taskStore: new RedisTaskStore({ redis, prefix }),
    eventStore: new RedisEventStore({ redis, prefix }),
    sessionStore: new RedisSessionStore({ redis, prefix }),
    subscriptions: new RedisSubscriptionStore({ redis, prefix }),
    bus,
    fixtures,
    ready,
    async close() {
      for (const client of await Promise.all([connecting, subscribing].map((c) => c.catch(() => undefined))))
        client?.destroy();
    },
  };
}
