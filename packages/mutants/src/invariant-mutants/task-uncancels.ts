import { isObject, isRequest, isResponse } from "../inject/json.js";
import { eachOutbound, rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

/**
 * 2025-11-25: right after answering tasks/cancel with the task cancelled, a
 * notifications/tasks/status says the task completed after all.
 */
export const taskUncancels: ServerMutant = {
  name: "task-uncancels",
  defect: "Reports a task completed right after answering its tasks/cancel with status cancelled.",
  transports: ["stdio", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    (() => {
      const cancels = new Set<unknown>();
      return {
        inbound: (value: unknown) => {
          if (isRequest(value) && value.method === "tasks/cancel") cancels.add(value.id);
          return [value];
        },
        outbound: eachOutbound((m) => {
          if (!isResponse(m) || !cancels.has(m.id) || !isObject(m.result)) return [m];
          cancels.delete(m.id);
          if (m.result.status !== "cancelled") return [m];
          const params = { ...m.result, status: "completed", lastUpdatedAt: new Date().toISOString() };
          return [m, { jsonrpc: "2.0", method: "notifications/tasks/status", params }];
        }),
      };
    })(),
  ),
};
