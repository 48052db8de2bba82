import { isRequest, isResponse } from "../inject/json.js";
import { eachOutbound, rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

/**
 * 2025-11-25: right after answering tasks/result, a notifications/tasks/status says the task is
 * still working (as if tasks/result had not waited for the task to finish).
 */
export const taskWorksAfterResult: ServerMutant = {
  name: "task-works-after-result",
  defect: "Reports a task working right after answering its tasks/result.",
  transports: ["stdio", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    (() => {
      const results = new Map<unknown, unknown>();
      return {
        inbound: (value: unknown) => {
          if (isRequest(value) && value.method === "tasks/result") {
            const params = value.params as { taskId?: unknown } | undefined;
            results.set(value.id, params?.taskId);
          }
          return [value];
        },
        outbound: eachOutbound((m) => {
          if (!isResponse(m) || !results.has(m.id) || !("result" in m)) return [m];
          const taskId = results.get(m.id);
          results.delete(m.id);
          if (typeof taskId !== "string") return [m];
          const now = new Date().toISOString();
          const params = { taskId, status: "working", createdAt: now, lastUpdatedAt: now, ttl: null };
          return [m, { jsonrpc: "2.0", method: "notifications/tasks/status", params }];
        }),
      };
    })(),
  ),
};
