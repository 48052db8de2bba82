import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";

/** Answers a batch with only its first response. */
export const batchLosesResponses: ServerMutant = {
  name: "batch-loses-responses",
  defect: "Answers a batch with only its first response.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/base/batch"], revisions: ["2025-03-26"] },
  inject: rewriting({ outbound: (payload) => [Array.isArray(payload) ? payload.slice(0, 1) : payload] }),
};
