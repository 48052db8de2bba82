import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { isObject } from "../inject/json.js";
import { mapErrorsOf, RELATED_TASK } from "./tasks-helpers.js";

/** tasks/result turns the JSON-RPC error a task's tool call raised into a tool error result. */
export const taskErrorAsResult: ServerMutant = {
  name: "task-error-as-result",
  defect: "tasks/result turns the JSON-RPC error a task's tool call raised into a tool error result.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/result-jsonrpc-error"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapErrorsOf("tasks/result", (response) => {
      const { error, ...rest } = response;
      const message = isObject(error) ? String(error.message) : "error";
      return {
        ...rest,
        result: {
          content: [{ type: "text", text: message }],
          isError: true,
          _meta: { [RELATED_TASK]: { taskId: "unknown" } },
        },
      };
    }),
  ),
};
