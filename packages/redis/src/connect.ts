import { createClient, type RedisClientType } from "@redis/client";

/** Options of {@link connectRedis}. */
export interface ConnectRedisOptions {
  /** Told about connection errors (the client reconnects on its own). Default: ignored. */
  readonly onError?: (error: Error) => void;
  /** Longest wait between two reconnection attempts, in ms. Default 2000. */
  readonly maxReconnectDelayMs?: number;
  /** Gives up connecting a command's socket after this long, in ms. Default 5000. */
  readonly connectTimeoutMs?: number;
}

/** A connected node-redis client, as {@link connectRedis} returns it. */
export type RedisConnection = RedisClientType;

/**
 * Connects a node-redis client with the settings a fleet wants: while Redis is unreachable every
 * command fails at once with a clear error (no offline queue that would hold requests for ever),
 * the client reconnects on its own with a capped backoff, and connection errors go to `onError`
 * instead of crashing the process as an unhandled `error` event. Close it with `close()`.
 *
 * @example
 * ```ts
 * const redis = await connectRedis("redis://127.0.0.1:6379", { onError: (e) => console.warn(e.message) });
 * const tasks = new RedisTaskStore({ redis });
 * ```
 */
export async function connectRedis(url: string, options: ConnectRedisOptions = {}): Promise<RedisConnection> {
  const maxDelay = options.maxReconnectDelayMs ?? 2000;
  const client: RedisConnection = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: options.connectTimeoutMs ?? 5000,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** Math.min(retries, 10), maxDelay),
    },
  });
  client.on("error", (error: Error) => options.onError?.(error));
  await client.connect();
  return client;
}
