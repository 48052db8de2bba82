import { type JsonObject, LocalError } from "@mcpkit/core";
import type { ClientExtension } from "../extensions/extension.js";
import type { CallToolResult } from "../types.js";
import type { TaskHost } from "./base-task.js";
import { StatelessToolTask } from "./stateless-task.js";
import { TaskWatchers } from "./watchers.js";
import { readTask } from "./wire.js";

/** The identifier of the tasks extension (SEP-2663). */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/**
 * The client side of the 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`). Off until
 * installed (SEP-2133): installed, the client declares it in every request's envelope, and the
 * server may then answer `tools/call` with a task (`resultType: "task"`).
 * `client.callTool(params, { task: {} })` answers a `ToolTask` for it (polled with `tasks/get`,
 * input answered with `tasks/update`, cancelled with `tasks/cancel`); a plain `callTool` waits for
 * the task and answers its result, as if the server had answered at once.
 *
 * @example
 * ```ts
 * const client = new Client({ clientInfo: { name: "app", version: "1.0.0" }, extensions: [tasksExtension()] });
 * ```
 */
export function tasksExtension(): ClientExtension {
  const watchers = new TaskWatchers();
  return {
    id: TASKS_EXTENSION,
    install(api) {
      // A `subscriptions/listen` stream that names task ids carries their states.
      api.notification("notifications/tasks", (params) => {
        const info = readTask(params);
        if (info) watchers.deliver(info.taskId, params);
      });
      api.resultType("task", (result, call) => {
        const info = readTask(result);
        if (call.method !== "tools/call" || !info)
          throw new LocalError(
            "invalid_message",
            info
              ? `The server answered ${call.method} with a task; only tools/call may be answered with one`
              : "The server answered with resultType task but no valid task",
          );
        const host: TaskHost = {
          request: call.request,
          watchers,
          finish: async (final) =>
            (await call.finish({ ...final } as JsonObject)) as unknown as CallToolResult,
          maxWaitMs: call.maxWaitMs,
          report: call.report,
        };
        const task = new StatelessToolTask(host, info, call.fulfil, result);
        return { handle: task, settle: async (options) => ({ ...(await task.result(options)) }) };
      });
    },
  };
}
