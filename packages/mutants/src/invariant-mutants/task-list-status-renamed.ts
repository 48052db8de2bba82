import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT, mapListedTasks } from "./helpers.js";

/** 2025-11-25: tasks/list reports a working task as `running`, a status no transition leads to. */
export const taskListStatusRenamed: ServerMutant = {
  name: "task-list-status-renamed",
  defect: "Lists working tasks with status running.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tasks/list", (result) =>
      mapListedTasks(result, (t) => (t.status === "working" ? { ...t, status: "running" } : t)),
    ),
  ),
};
