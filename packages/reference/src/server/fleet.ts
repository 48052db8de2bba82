import { connectRedis, type RedisCommands, RedisEventStore, RedisTaskStore } from "@mcpkit/redis";
import type { TaskStore } from "@mcpkit/server";
import type { EventStore } from "@mcpkit/transport-http";

/** The stores that make processes one fleet (`--redis URL`), and their connection. */
export interface FleetStores {
  readonly taskStore: TaskStore;
  readonly eventStore: EventStore;
  /** Resolves once the connection is up (the endpoint waits for it before it serves). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** Every process started with the same URL shares these keys. */
const PREFIX = "mcpkit-everything:";

/**
 * The everything-server's stores on Redis. The connection is made now and used once it is up, so
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
  const ready = connecting.then(() => undefined);
  // Surfaced through `ready`, which the endpoint awaits.
  ready.catch(() => {});
  const redis: RedisCommands = { sendCommand: async (args) => (await connecting).sendCommand(args) };
  return {
    taskStore: new RedisTaskStore({ redis, prefix: PREFIX }),
    eventStore: new RedisEventStore({ redis, prefix: PREFIX }),
    ready,
    async close() {
      const client = await connecting.catch(() => undefined);
      client?.destroy();
    },
  };
}
