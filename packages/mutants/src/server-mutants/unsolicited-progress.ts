import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapInbound } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Reports progress for tool calls that carry no progressToken. */
export const unsolicitedProgress: ServerMutant = {
  name: "unsolicited-progress",
  defect: "Reports progress for tool calls that carry no progressToken.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/no-progress-without-token"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapInbound("tools/call", (request) => {
      const params = isObject(request.params) ? request.params : {};
      const meta = isObject(params._meta) ? params._meta : {};
      if ("progressToken" in meta) return request;
      return { ...request, params: { ...params, _meta: { ...meta, progressToken: "mutant-token" } } };
    }),
  ),
};
