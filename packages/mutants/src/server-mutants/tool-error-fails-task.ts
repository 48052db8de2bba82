import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** Reports a task whose tool result has isError as failed (the 2025-11-25 rule), not completed. */
export const toolErrorFailsTask: ServerMutant = {
  name: "tool-error-fails-task",
  defect: "tasks/get reports a task whose tool result has isError: true as failed instead of completed.",
  transports: ["stdio", "http", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks-extension/outcomes"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapResultsOf("tasks/get", (result) => {
      const inner = result.result as { isError?: unknown } | undefined;
      if (result.status !== "completed" || inner?.isError !== true) return result;
      const { result: _dropped, ...rest } = result;
      return { ...rest, status: "failed", error: { code: -32603, message: "tool failed" } };
    }),
  ),
};
