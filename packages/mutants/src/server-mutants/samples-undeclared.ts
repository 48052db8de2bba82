import { mapInbound } from "../inject/messages.js";
import { isObject } from "../inject/json.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

/** Treats every client as declaring sampling (sends sampling requests to clients that did not). */
export const samplesUndeclared: ServerMutant = {
  name: "samples-undeclared",
  defect: "Treats every client as declaring sampling (asks clients that did not to sample).",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/sampling/not-declared"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapInbound("initialize", (request) => {
      const params = isObject(request.params) ? request.params : {};
      const capabilities = isObject(params.capabilities) ? params.capabilities : {};
      return { ...request, params: { ...params, capabilities: { ...capabilities, sampling: {} } } };
    }),
  ),
};
