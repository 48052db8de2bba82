import type { ServerMutant } from "../mutant.js";
import { RELATED_TASK, replaceTaskHandler } from "./tasks-helpers.js";

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/** tasks/result does not wait: a task still working gets an empty result at once. */
export const taskResultNoWait: ServerMutant = {
  name: "task-result-no-wait",
  defect: "tasks/result does not wait: a task still working gets an empty result at once.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/result-blocks"], revisions: ["2025-11-25"] },
  inject: replaceTaskHandler("tasks/result", (real) => async (params, ctx) => {
    const get = real["tasks/get"];
    const result = real["tasks/result"];
    if (!get || !result) throw new Error("the reference has no tasks/get or tasks/result");
    const task = await get(params, ctx);
    if (TERMINAL.has(String(task.status))) return result(params, ctx);
    return { content: [], _meta: { [RELATED_TASK]: { taskId: String(params.taskId) } } };
  }),
};
