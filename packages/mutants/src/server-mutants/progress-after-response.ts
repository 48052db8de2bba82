import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { heldProgress } from "./helpers.js";

/** Holds progress notifications back and sends them after the response. */
export const progressAfterResponse: ServerMutant = {
  name: "progress-after-response",
  defect: "Holds progress notifications back and sends them after the response.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/progress"], revisions: ["2025-11-25"] },
  inject: rewriting(heldProgress()),
};
