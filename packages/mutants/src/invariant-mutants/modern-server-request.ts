import { isObject, isRequest, isResponse } from "../inject/json.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

const VERSION = "io.modelcontextprotocol/protocolVersion";

/** True for a 2026-07-28 tools/call (its _meta names the version) that asks for no progress. */
function modernCall(value: unknown): boolean {
  if (!isRequest(value) || value.method !== "tools/call" || !isObject(value.params)) return false;
  const meta = value.params._meta;
  return isObject(meta) && meta[VERSION] === "2026-07-28" && meta.progressToken === undefined;
}

let next = 0;

/**
 * 2026-07-28: before answering a tools/call that asks for no progress, asks the client for its roots with a roots/list
 * request, as a session-era server would (2026-07-28 servers send no requests: they return
 * input_required results).
 */
export const modernServerRequest: ServerMutant = {
  name: "modern-server-request",
  defect: "2026-07-28: sends a roots/list request to the client before answering tools/call.",
  transports: ["stdio", "http", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    (() => {
      const calls = new Set<unknown>();
      return {
        inbound: (value) => {
          if (modernCall(value)) calls.add((value as { id: unknown }).id);
          return [value];
        },
        outbound: (payload) => {
          if (!isResponse(payload) || !calls.has(payload.id)) return [payload];
          calls.delete(payload.id);
          return [{ jsonrpc: "2.0", id: `mutant-roots-${++next}`, method: "roots/list" }, payload];
        },
      };
    })(),
  ),
};
