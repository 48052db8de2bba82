import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapInbound } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** The reference's tools whose execution.taskSupport is optional or required. */
const TASK_TOOLS = new Set([
  "task_echo",
  "task_required",
  "task_gated",
  "task_failing",
  "task_error",
  "task_elicit",
]);

/** A task-augmented call to a tool that does not support tasks runs plainly instead of getting -32601. */
export const taskForbiddenIgnored: ServerMutant = {
  name: "task-forbidden-ignored",
  defect:
    "A task-augmented call to a tool that does not support tasks runs plainly instead of getting -32601.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/tool-forbidden"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapInbound("tools/call", (request) => {
      if (!isObject(request.params) || TASK_TOOLS.has(String(request.params.name))) return request;
      const { task: _ignored, ...params } = request.params;
      return { ...request, params };
    }),
  ),
};
