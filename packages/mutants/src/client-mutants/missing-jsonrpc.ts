import { isObject } from "../inject/json.js";
import type { ClientMutant } from "../mutant.js";

/** Leaves the jsonrpc member out of every message it sends. */
export const clientMissingJsonrpc: ClientMutant = {
  name: "client-missing-jsonrpc",
  defect: "Leaves the jsonrpc member out of every message it sends.",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["client/lifecycle/initialize"], revisions: ["2025-11-25"] },
  outbound: (line) => {
    if (!isObject(line)) return [line];
    const { jsonrpc: _dropped, ...rest } = line;
    return [rest];
  },
};
