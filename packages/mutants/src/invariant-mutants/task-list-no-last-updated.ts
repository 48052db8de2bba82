import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT, mapListedTasks, without } from "./helpers.js";

/** 2025-11-25: tasks/list items come without lastUpdatedAt. */
export const taskListNoLastUpdated: ServerMutant = {
  name: "task-list-no-last-updated",
  defect: "Lists tasks without their lastUpdatedAt.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tasks/list", (result) => mapListedTasks(result, (t) => without(t, "lastUpdatedAt"))),
  ),
};
