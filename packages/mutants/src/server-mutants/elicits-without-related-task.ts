import type { ServerMutant } from "../mutant.js";
import { eachOutbound, rewriting } from "../inject/rewriting-transport.js";
import { isObject, isRequest } from "../inject/json.js";
import { withoutRelatedTask } from "./tasks-helpers.js";

/** A task's elicitation/create request does not carry the related-task _meta. */
export const elicitsWithoutRelatedTask: ServerMutant = {
  name: "elicits-without-related-task",
  defect: "A task's elicitation/create request does not carry the related-task _meta.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/input-required"], revisions: ["2025-11-25"] },
  inject: rewriting({
    outbound: eachOutbound((m) => {
      if (!isRequest(m) || m.method !== "elicitation/create" || !isObject(m.params)) return [m];
      const { _meta, ...params } = m.params;
      const meta = withoutRelatedTask(_meta);
      return [{ ...m, params: meta === undefined ? params : { ...params, _meta: meta } }];
    }),
  }),
};
