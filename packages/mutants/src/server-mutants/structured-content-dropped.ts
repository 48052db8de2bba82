import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** Leaves structuredContent out of tool results that declare an outputSchema. */
export const structuredContentDropped: ServerMutant = {
  name: "structured-content-dropped",
  defect: "Leaves structuredContent out of tool results that declare an outputSchema.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/structured-output"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tools/call", (result) => {
      const { structuredContent: _dropped, ...rest } = result;
      return rest;
    }),
  ),
};
