import { declaresExtension, extensionNotDeclared } from "@mcpkit/core";
import type { ServerExtension } from "../../extensions/extension.js";
import type { ServerRequestHandler } from "../../session.js";
import { MemoryTaskStore } from "../store.js";
import type { TaskOptions } from "../tool-tasks.js";
import { taskListen } from "./listen.js";
import { ExtensionTasks } from "./tasks.js";
import { taskToolCall } from "./tool-call.js";
import { TASKS_EXTENSION } from "./wire.js";

/** Options of {@link tasksExtension}: where tasks live, their TTL and poll interval (`pageSize` is unused). */
export interface TasksExtensionOptions extends Omit<TaskOptions, "pageSize"> {
  /**
   * Makes task ids; they must be unguessable (an anonymous caller's task id is its only key).
   * Default `crypto.randomUUID`.
   */
  readonly newTaskId?: () => string;
}

/**
 * The tasks extension of 2026-07-28 (`io.modelcontextprotocol/tasks`, SEP-2663). Installed, the
 * server declares it, and a `tools/call` of a tool whose `execution.taskSupport` is `"optional"` or
 * `"required"` from a client that declares it becomes a task, answered with a `CreateTaskResult`;
 * `tasks/get`, `tasks/update` and `tasks/cancel` serve it, and `subscriptions/listen` can stream
 * its status. The tool's handler is the one that serves 2025-11-25 task-augmented calls too. By
 * default the tasks share the server's `TaskStore`, TTL and poll interval (`options.tasks`).
 *
 * @example
 * ```ts
 * const server = new Server({ name: "jobs", version: "1.0.0" }, { extensions: [tasksExtension()] });
 * server.tool(
 *   { name: "build", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
 *   async (_args, ctx) => {
 *     await new Promise((resolve) => setTimeout(resolve, 5000)); // ctx.signal aborts on tasks/cancel
 *     return { content: [{ type: "text", text: "built" }] };
 *   },
 * );
 * ```
 */
export function tasksExtension(options: TasksExtensionOptions = {}): ServerExtension {
  return {
    id: TASKS_EXTENSION,
    install(api) {
      const shared = api.server.tasks;
      const tasks = new ExtensionTasks({
        store: options.store ?? shared?.store ?? new MemoryTaskStore(),
        maxTtlMs: options.maxTtlMs ?? shared?.maxTtlMs ?? 3_600_000,
        pollIntervalMs: options.pollIntervalMs ?? shared?.pollIntervalMs ?? 1000,
        newTaskId: options.newTaskId ?? (() => globalThis.crypto.randomUUID()),
        bus: api.server.bus,
      });
      api.wrap(
        "tools/call",
        taskToolCall(
          tasks,
          (name) => api.server.toolDefinition(name),
          () => api.server.authorization,
        ),
      );
      const served: Record<string, ServerRequestHandler> = {
        "tasks/get": (params, ctx) => tasks.get(params, ctx),
        "tasks/update": (params, ctx) => tasks.update(params, ctx),
        "tasks/cancel": (params, ctx) => tasks.cancel(params, ctx),
      };
      // The session era keeps its own tasks/* (2025-11-25); this extension is not defined there.
      for (const [method, handler] of Object.entries(served))
        api.wrap(
          method,
          (next) => (params, ctx) => {
            if (ctx.era !== "stateless") return next(params, ctx);
            if (!declaresExtension(ctx.client.capabilities, TASKS_EXTENSION))
              throw extensionNotDeclared(TASKS_EXTENSION, ctx.method, "stateless");
            return handler(params, ctx);
          },
          { defines: true },
        );
      api.wrap("subscriptions/listen", taskListen(tasks));
    },
  };
}

export { TASKS_EXTENSION } from "./wire.js";
