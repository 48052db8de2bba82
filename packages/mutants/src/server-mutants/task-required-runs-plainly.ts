import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResponses } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** A plain call to a tool that requires a task is served anyway (a text result instead of -32601). */
export const taskRequiredRunsPlainly: ServerMutant = {
  name: "task-required-runs-plainly",
  defect: "A plain call to a tool that requires a task is served anyway (a text result instead of -32601).",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/tool-required"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResponses((response) =>
      isObject(response.error) && String(response.error.message).includes("requires task augmentation")
        ? {
            jsonrpc: "2.0",
            id: response.id,
            result: { content: [{ type: "text", text: "Required task done" }] },
          }
        : response,
    ),
  ),
};
