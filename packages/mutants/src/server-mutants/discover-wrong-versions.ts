import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** server/discover lists only session-era versions as supported. */
export const discoverWrongVersions: ServerMutant = {
  name: "discover-wrong-versions",
  defect: "server/discover lists only session-era versions as supported.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/lifecycle/discover"], revisions: ["stateless"] },
  inject: rewriting(
    mapResultsOf("server/discover", (result) => ({ ...result, supportedVersions: ["2025-11-25"] })),
  ),
};
