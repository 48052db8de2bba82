import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";
import { withoutRelatedTask } from "./tasks-helpers.js";

/** tasks/result answers the tool's result without the related-task _meta. */
export const taskResultNoMeta: ServerMutant = {
  name: "task-result-no-meta",
  defect: "tasks/result answers the tool's result without the related-task _meta.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/result-exact"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tasks/result", (result) => {
      const { _meta, ...rest } = result;
      const meta = withoutRelatedTask(_meta);
      return meta === undefined ? rest : { ...rest, _meta: meta };
    }),
  ),
};
