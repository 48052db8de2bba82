import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** Returns failing tool results without isError: true. */
export const toolErrorNotFlagged: ServerMutant = {
  name: "tool-error-not-flagged",
  defect: "Returns failing tool results without isError: true.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/call-error"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tools/call", (result) => {
      const { isError: _dropped, ...rest } = result;
      return rest;
    }),
  ),
};
