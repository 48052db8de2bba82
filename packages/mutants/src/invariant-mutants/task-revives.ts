import { isObject, isRequest, isResponse } from "../inject/json.js";
import { eachOutbound, rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/**
 * Reports a finished task as working again: right after a `tasks/get` result with a terminal
 * status, a `notifications/tasks/status` says the same task is `working`.
 */
export const taskRevives: ServerMutant = {
  name: "task-revives",
  defect: "Sends notifications/tasks/status working for a task it just reported completed.",
  transports: ["stdio", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    (() => {
      const gets = new Set<unknown>();
      return {
        inbound: (value: unknown) => {
          if (isRequest(value) && value.method === "tasks/get") gets.add(value.id);
          return [value];
        },
        outbound: eachOutbound((m) => {
          if (!isResponse(m) || !gets.has(m.id) || !isObject(m.result)) return [m];
          gets.delete(m.id);
          const { taskId, status } = m.result;
          if (typeof taskId !== "string" || typeof status !== "string" || !TERMINAL.has(status)) return [m];
          const now = new Date().toISOString();
          const revived = {
            jsonrpc: "2.0",
            method: "notifications/tasks/status",
            params: { ...m.result, status: "working", lastUpdatedAt: now },
          };
          return [m, revived];
        }),
      };
    })(),
  ),
};
