import type { ImplementationInfo } from "@mcpkit/core";
import type { ServerOptions } from "./server-options.js";
import type { SessionHost } from "./session.js";
import { MemorySubscriptionStore } from "./subscription-store.js";

/** What sessions read of the server's options, with the defaults applied. */
export type HostSettings = Pick<
  SessionHost,
  | "info"
  | "instructions"
  | "revisions"
  | "requestState"
  | "discoverCache"
  | "timeoutMs"
  | "maxBatchSize"
  | "validateOutbound"
  | "logging"
  | "subscriptions"
  | "logger"
  | "toJsonSchema"
>;

/** The option-derived part of a server's {@link SessionHost}. */
export function hostSettings(info: ImplementationInfo, options: ServerOptions): HostSettings {
  const logging = options.logging;
  return {
    info,
    instructions: options.instructions,
    revisions: options.revisions,
    requestState: options.requestState,
    discoverCache: options.cache?.discover ?? { ttlMs: 60_000, cacheScope: "public" },
    timeoutMs: options.timeoutMs,
    maxBatchSize: options.maxBatchSize,
    validateOutbound: options.validateOutbound ?? false,
    logging:
      logging === false
        ? false
        : {
            defaultLevel: logging?.defaultLevel ?? "info",
            max: logging?.rateLimit?.max ?? 100,
            intervalMs: logging?.rateLimit?.intervalMs ?? 1000,
          },
    subscriptions: options.subscriptions ?? new MemorySubscriptionStore(),
    logger: options.logger,
    toJsonSchema: options.toJsonSchema,
  };
}
