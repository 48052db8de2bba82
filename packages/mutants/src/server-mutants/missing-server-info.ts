import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** Leaves serverInfo out of the initialize result. */
export const missingServerInfo: ServerMutant = {
  name: "missing-server-info",
  defect: "Leaves serverInfo out of the initialize result.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/lifecycle/ping"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("initialize", (result) => {
      const { serverInfo: _dropped, ...rest } = result;
      return rest;
    }),
  ),
};
