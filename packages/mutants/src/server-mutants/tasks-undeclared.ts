import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Serves task-augmented tool calls without declaring the tasks capability. */
export const tasksUndeclared: ServerMutant = {
  name: "tasks-undeclared",
  defect: "Serves task-augmented tool calls without declaring the tasks capability.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/capability-declared"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("initialize", (result) => {
      if (!isObject(result.capabilities)) return result;
      const { tasks: _dropped, ...capabilities } = result.capabilities;
      return { ...result, capabilities };
    }),
  ),
};
