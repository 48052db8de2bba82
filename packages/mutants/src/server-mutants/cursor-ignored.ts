import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { both, mapInbound } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Ignores the cursor of list requests (always serves the first page). */
export const cursorIgnored: ServerMutant = {
  name: "cursor-ignored",
  defect: "Ignores the cursor of list requests (always serves the first page).",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/pagination/invalid-cursor"], revisions: ["2025-11-25"] },
  inject: rewriting(
    ["tools/list", "prompts/list", "resources/list", "resources/templates/list"]
      .map((method) =>
        mapInbound(method, (request) => {
          if (!isObject(request.params)) return request;
          const { cursor: _ignored, ...params } = request.params;
          return { ...request, params };
        }),
      )
      .reduce(both),
  ),
};
