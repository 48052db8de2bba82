import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapInbound } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Ignores the arguments of prompts/get. */
export const promptArgumentsIgnored: ServerMutant = {
  name: "prompt-arguments-ignored",
  defect: "Ignores the arguments of prompts/get.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/prompts/get-with-arguments"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapInbound("prompts/get", (request) => {
      if (!isObject(request.params)) return request;
      const { arguments: _ignored, ...params } = request.params;
      return { ...request, params };
    }),
  ),
};
