import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** Answers initialize for 2025-11-25 with 2025-06-18, a version it also supports. */
export const wrongNegotiatedVersion: ServerMutant = {
  name: "wrong-negotiated-version",
  defect: "Answers initialize for 2025-11-25 with 2025-06-18, a version it also supports.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: {
    transport: "stdio",
    ids: ["server/lifecycle/initialize-echoes-version"],
    revisions: ["2025-11-25"],
  },
  inject: rewriting(
    mapResultsOf("initialize", (result) =>
      result.protocolVersion === "2025-11-25" ? { ...result, protocolVersion: "2025-06-18" } : result,
    ),
  ),
};
