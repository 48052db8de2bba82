import type { ServerMutant } from "../mutant.js";
import { eachOutbound, rewriting } from "../inject/rewriting-transport.js";
import { isObject } from "../inject/json.js";

/** Leaves the jsonrpc member out of every message it sends. */
export const missingJsonrpc: ServerMutant = {
  name: "missing-jsonrpc",
  defect: "Leaves the jsonrpc member out of every message it sends.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/lifecycle/ping"], revisions: ["2025-11-25"] },
  inject: rewriting({
    outbound: eachOutbound((message) => {
      if (!isObject(message)) return [message];
      const { jsonrpc: _dropped, ...rest } = message;
      return [rest];
    }),
  }),
};
