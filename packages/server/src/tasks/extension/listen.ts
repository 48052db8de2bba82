import { declaresExtension, ErrorCode, extensionNotDeclared, McpError, type Params } from "@mcpkit/core";
import type { ServerContext } from "../../context.js";
import { type ServerRequestHandler, subscriptionIdKey } from "../../session.js";
import type { ExtensionTasks } from "./tasks.js";
import { TASKS_EXTENSION } from "./wire.js";

/** The most task ids one `subscriptions/listen` may name. */
export const MAX_LISTENED_TASKS = 100;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `subscriptions/listen` with `notifications.taskIds` (2026-07-28 tasks extension): refused with
 * -32021 to a client that did not declare the extension; otherwise the acknowledgement names the
 * requestor's tasks among them, and each change of one is sent on the stream as
 * `notifications/tasks` carrying the `DetailedTask`. Requests without `taskIds` go to `next`.
 */
export function taskListen(tasks: ExtensionTasks): (next: ServerRequestHandler) => ServerRequestHandler {
  return (next) => async (params, ctx) => {
    const notifications = isObject(params.notifications) ? params.notifications : {};
    const requested = notifications.taskIds;
    if (requested === undefined || ctx.era !== "stateless") return next(params, ctx);
    if (!declaresExtension(ctx.client.capabilities, TASKS_EXTENSION))
      throw extensionNotDeclared(TASKS_EXTENSION, ctx.method, "stateless");
    if (!Array.isArray(requested) || !requested.every((id) => typeof id === "string"))
      throw new McpError(
        ErrorCode.InvalidParams,
        "Invalid params: notifications.taskIds must be an array of strings",
      );
    if (requested.length > MAX_LISTENED_TASKS)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Invalid params: notifications.taskIds names ${requested.length} tasks; at most ${MAX_LISTENED_TASKS}`,
      );
    const found = await Promise.all([...new Set(requested)].map((id) => tasks.lookup(ctx, id)));
    const taskIds = found.flatMap((task) => (task ? [task.taskId] : []));
    const tag = { [subscriptionIdKey]: ctx.requestId };
    const stop = tasks.listen(taskIds, (task) => {
      ctx.notify("notifications/tasks", { ...task, _meta: tag } as Params).catch(() => {
        // The stream is gone: the listen request ends with it.
      });
    });
    try {
      return await next(params, acknowledging(ctx, taskIds));
    } finally {
      stop();
    }
  };
}

/** The context whose acknowledgement also names the task ids honoured. */
function acknowledging(ctx: ServerContext, taskIds: readonly string[]): ServerContext {
  const notify: ServerContext["notify"] = (method, p = {}) => {
    if (method !== "notifications/subscriptions/acknowledged") return ctx.notify(method, p);
    const given = isObject(p.notifications) ? p.notifications : {};
    return ctx.notify(method, { ...p, notifications: { ...given, taskIds: [...taskIds] } });
  };
  return new Proxy(ctx, {
    get: (target, key) => (key === "notify" ? notify : Reflect.get(target, key, target)),
  });
}
