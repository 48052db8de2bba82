import { isRequest, isResponse } from "../inject/json.js";
import type { Rewrites } from "../inject/rewriting-transport.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

/** Sends a log notification right after the initialize response, before notifications/initialized. */
function logRightAfterInitialize(): Rewrites {
  let initializeId: unknown;
  return {
    inbound: (value) => {
      if (isRequest(value) && value.method === "initialize") initializeId = value.id;
      return [value];
    },
    outbound: (payload) => {
      if (!isResponse(payload) || initializeId === undefined || payload.id !== initializeId) return [payload];
      const early = {
        jsonrpc: "2.0",
        method: "notifications/message",
        params: { level: "info", data: "ready" },
      };
      return [payload, early];
    },
  };
}

export const notifiesBeforeInitialized: ServerMutant = {
  name: "notifies-before-initialized",
  defect: "Sends a log notification before the client's notifications/initialized arrived.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: {
    transport: "stdio",
    ids: ["server/mutants/server-waits-for-initialized"],
    revisions: ["2025-11-25"],
  },
  inject: rewriting(logRightAfterInitialize()),
};
