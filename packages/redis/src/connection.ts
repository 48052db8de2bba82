import { createHash } from "node:crypto";
import { ErrorCode, McpError } from "@mcpkit/core";

/**
 * What the stores need of a Redis connection: one method that sends a command and resolves with
 * its reply. A node-redis client (`createClient()` of `redis` or `@redis/client`) is one as it
 * is; any other client fits with a one-line adapter. The stores never connect or close it: the
 * application owns the connection.
 *
 * @example
 * ```ts
 * import { createClient } from "@redis/client";
 * const redis: RedisCommands = await createClient({ url: "redis://127.0.0.1:6379" }).connect();
 * ```
 */
export interface RedisCommands {
  /** Sends one Redis command (`["SET", key, value]`) and resolves with its reply. */
  sendCommand(args: readonly string[]): Promise<unknown>;
}

/**
 * A store's call to Redis failed (Redis unreachable, or an answer the store did not expect). It is
 * an `McpError` (-32603), so the request that needed the store gets this message, which names no
 * address or detail of the connection (those stay in `cause`, for the server's logs). The call had
 * no effect, or an atomic one (each call is one script).
 */
export class RedisStoreError extends McpError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(ErrorCode.InternalError, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** The message of every call made while Redis cannot be reached. */
export const REDIS_UNAVAILABLE = "Redis is unavailable; retry shortly";

/** Sends one command; a failure becomes a {@link RedisStoreError} naming Redis. */
export async function command(redis: RedisCommands, args: readonly string[]): Promise<unknown> {
  try {
    return await redis.sendCommand(args);
  } catch (error) {
    throw unavailable(error);
  }
}

/** A failed call as the caller sees it: unavailability, or Redis's own refusal when it answered. */
export function unavailable(error: unknown): RedisStoreError {
  return new RedisStoreError(REDIS_UNAVAILABLE, { cause: error });
}

/**
 * A Lua script run with EVALSHA, loaded with EVAL the first time a server does not know it (after
 * a restart, too). One round trip in the common case.
 */
export class Script {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash("sha1").update(source).digest("hex");
  }

  async run(redis: RedisCommands, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const tail = [String(keys.length), ...keys, ...args];
    try {
      return await redis.sendCommand(["EVALSHA", this.sha, ...tail]);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw unavailable(error);
      return command(redis, ["EVAL", this.source, ...tail]);
    }
  }
}

/** A key prefix: non-empty and ending with `:` so that every key of the store reads as namespaced. */
export function keyPrefix(prefix: string | undefined): string {
  const value = prefix ?? "mcpkit:";
  if (value === "") throw new RangeError("prefix must not be empty");
  return value;
}

/** A positive integer option. */
export function positive(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}
