import type { DiscoverOutcome } from "@mcpkit/core";
import type { DiscoverResult } from "../types.js";

/** The `server/discover` result as `Client.discover` answers it: cache hints only when the server sent them. */
export function discoverResult(outcome: DiscoverOutcome): DiscoverResult {
  return {
    resultType: "complete",
    supportedVersions: [...outcome.supportedVersions],
    capabilities: outcome.serverCapabilities as DiscoverResult["capabilities"],
    ...(outcome.instructions === undefined ? {} : { instructions: outcome.instructions }),
    ...(outcome.ttlMs === undefined ? {} : { ttlMs: outcome.ttlMs }),
    ...(outcome.cacheScope === undefined ? {} : { cacheScope: outcome.cacheScope }),
  };
}
