import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** tasks/list leaves out nextCursor: the tasks after the first page can never be listed. */
export const tasksListNoCursor: ServerMutant = {
  name: "tasks-list-no-cursor",
  defect: "tasks/list leaves out nextCursor: the tasks after the first page can never be listed.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/list"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tasks/list", (result) => {
      const { nextCursor: _dropped, ...rest } = result;
      return rest;
    }),
  ),
};
