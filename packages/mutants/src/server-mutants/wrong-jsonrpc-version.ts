import type { ServerMutant } from "../mutant.js";
import { eachOutbound, rewriting } from "../inject/rewriting-transport.js";
import { isObject } from "../inject/json.js";

/** Sends jsonrpc '1.0' instead of '2.0'. */
export const wrongJsonrpcVersion: ServerMutant = {
  name: "wrong-jsonrpc-version",
  defect: "Sends jsonrpc '1.0' instead of '2.0'.",
  transports: ["stdio", "http", "sse", "ws"],
  // Checked over legacy HTTP+SSE, the transport of 2024-11-05 clients.
  subset: { transport: "sse", ids: ["server/lifecycle/ping"], revisions: ["2024-11-05"] },
  inject: rewriting({
    outbound: eachOutbound((message) => [isObject(message) ? { ...message, jsonrpc: "1.0" } : message]),
  }),
};
