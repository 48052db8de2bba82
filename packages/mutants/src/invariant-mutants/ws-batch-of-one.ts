import { isResponse } from "../inject/json.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

/** WebSocket: wraps each response in an array, a batch of one (batches are gone since 2025-06-18). */
export const wsBatchOfOne: ServerMutant = {
  name: "ws-batch-of-one",
  defect: "WebSocket: sends each response as a one-element batch array, at revisions without batches.",
  transports: ["ws"],
  subset: { transport: "ws", ids: ["server/tools/*"], revisions: ["2025-11-25"] },
  inject: rewriting({ outbound: (payload) => [isResponse(payload) ? [payload] : payload] }),
};
