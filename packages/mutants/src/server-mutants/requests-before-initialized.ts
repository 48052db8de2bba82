import { isRequest, isResponse } from "../inject/json.js";
import type { Rewrites } from "../inject/rewriting-transport.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

/**
 * Sends a `roots/list` request right after the initialize response, before notifications/initialized
 * (the spec allows only pings and logging there). It used to send a log message, which the spec
 * allows: a correct server (fastmcp over legacy HTTP+SSE) does exactly that.
 */
function requestRightAfterInitialize(): Rewrites {
  let initializeId: unknown;
  return {
    inbound: (value) => {
      if (isRequest(value) && value.method === "initialize") initializeId = value.id;
      return [value];
    },
    outbound: (payload) => {
      if (!isResponse(payload) || initializeId === undefined || payload.id !== initializeId) return [payload];
      const early = { jsonrpc: "2.0", id: "mutant-early-roots", method: "roots/list" };
      return [payload, early];
    },
  };
}

export const requestsBeforeInitialized: ServerMutant = {
  name: "requests-before-initialized",
  defect: "Sends a roots/list request before the client's notifications/initialized arrived.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: {
    transport: "stdio",
    ids: ["server/mutants/server-waits-for-initialized"],
    revisions: ["2025-11-25"],
  },
  inject: rewriting(requestRightAfterInitialize()),
};
