import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** tasks/cancel answers the task as still working (the status moves to cancelled only later). */
export const taskCancelKeepsStatus: ServerMutant = {
  name: "task-cancel-keeps-status",
  defect: "tasks/cancel answers the task as still working (the status moves to cancelled only later).",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/cancel"], revisions: ["2025-11-25"] },
  inject: rewriting(mapResultsOf("tasks/cancel", (result) => ({ ...result, status: "working" }))),
};
