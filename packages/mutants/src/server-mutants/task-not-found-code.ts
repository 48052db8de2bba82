import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { both } from "../inject/messages.js";
import { recode } from "./helpers.js";
import { mapErrorsOf } from "./tasks-helpers.js";

/** An unknown task id gets -32600 (Invalid request) instead of -32602 from tasks/get, tasks/result and tasks/cancel. */
export const taskNotFoundCode: ServerMutant = {
  name: "task-not-found-code",
  defect: "An unknown task id gets -32600 instead of -32602 from tasks/get, tasks/result and tasks/cancel.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/unknown-id"], revisions: ["2025-11-25"] },
  inject: rewriting(
    ["tasks/get", "tasks/result", "tasks/cancel"]
      .map((method) => mapErrorsOf(method, recode(-32602, -32600)))
      .reduce(both),
  ),
};
