import type { ServerMutant } from "../mutant.js";
import { replaceTaskHandler } from "./tasks-helpers.js";

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/** tasks/cancel of a task already completed, failed or cancelled answers the task instead of -32602. */
export const cancelsTerminalTask: ServerMutant = {
  name: "cancels-terminal-task",
  defect: "tasks/cancel of a task already completed, failed or cancelled answers the task instead of -32602.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/cancel-terminal"], revisions: ["2025-11-25"] },
  inject: replaceTaskHandler("tasks/cancel", (real) => async (params, ctx) => {
    const get = real["tasks/get"];
    const cancel = real["tasks/cancel"];
    if (!get || !cancel) throw new Error("the reference has no tasks/get or tasks/cancel");
    const task = await get(params, ctx);
    return TERMINAL.has(String(task.status)) ? task : cancel(params, ctx);
  }),
};
