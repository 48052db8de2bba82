import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapInbound } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Treats every client as declaring elicitation (elicits from clients that did not). */
export const elicitsUndeclared: ServerMutant = {
  name: "elicits-undeclared",
  defect: "Treats every client as declaring elicitation (elicits from clients that did not).",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/elicitation/not-declared"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapInbound("initialize", (request) => {
      const params = isObject(request.params) ? request.params : {};
      const capabilities = isObject(params.capabilities) ? params.capabilities : {};
      return { ...request, params: { ...params, capabilities: { ...capabilities, elicitation: {} } } };
    }),
  ),
};
