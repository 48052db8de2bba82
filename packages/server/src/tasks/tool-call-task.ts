import { ErrorCode, McpError, truncateEcho } from "@mcpkit/core";
import { type AuthorizationOptions, requireScopes } from "../scopes.js";
import type { ServerRequestHandler } from "../session.js";
import type { ToolDefinition } from "../types.js";
import type { ToolTasks } from "./tool-tasks.js";

/** The revision whose `tools/call` may be task-augmented (2026-07-28 moved tasks to an extension). */
const TASK_REVISION = "2025-11-25";

/**
 * `tools/call` with tasks (2025-11-25): a call with `params.task` to a tool whose
 * `execution.taskSupport` allows it becomes a task, answered at once; the same handler runs in the
 * background. Other revisions, and servers that do not declare `tasks.requests.tools.call`, get
 * the plain call (the spec: a receiver that does not declare it ignores `task`).
 */
export function taskAwareToolCall(
  plain: ServerRequestHandler,
  toolNamed: (name: string) => Pick<ToolDefinition, "name" | "execution" | "scopes"> | undefined,
  tasks: ToolTasks,
  declared: () => boolean,
  authorization: AuthorizationOptions,
): ServerRequestHandler {
  return (params, ctx) => {
    if (ctx.revision !== TASK_REVISION || !declared()) return plain(params, ctx);
    const tool = toolNamed(String(params.name));
    if (!tool) return plain(params, ctx); // answers "Unknown tool"
    const support = tool.execution?.taskSupport ?? "forbidden";
    const augmented = typeof params.task === "object" && params.task !== null;
    const name = JSON.stringify(truncateEcho(tool.name));
    if (!augmented) {
      if (support === "required")
        throw new McpError(
          ErrorCode.MethodNotFound,
          `Tool ${name} requires task augmentation: call it with params.task`,
        );
      return plain(params, ctx);
    }
    if (support === "forbidden")
      throw new McpError(
        ErrorCode.MethodNotFound,
        `Tool ${name} does not support task augmentation: call it without params.task`,
      );
    // A caller without the tool's scopes is refused now, not handed a task that fails.
    requireScopes(ctx, tool.scopes, `tool ${JSON.stringify(tool.name)}`, authorization);
    return tasks.start(params, ctx, (taskCtx) => plain(params, taskCtx));
  };
}

/** `tasks/*` exist in 2025-11-25 only: other revisions get "Method not found". */
export function onlyAtTaskRevision(handler: ServerRequestHandler): ServerRequestHandler {
  return (params, ctx) => {
    if (ctx.revision !== TASK_REVISION)
      throw new McpError(ErrorCode.MethodNotFound, "Method not found", { method: ctx.method });
    return handler(params, ctx);
  };
}

/** Throws a TypeError naming the tool when its `execution.taskSupport` is not one the spec defines. */
export function assertTaskSupport(tool: Pick<ToolDefinition, "name" | "execution">): void {
  const support: unknown = tool.execution?.taskSupport;
  if (support === undefined || support === "forbidden" || support === "optional" || support === "required")
    return;
  throw new TypeError(
    `Tool ${JSON.stringify(tool.name)} has execution.taskSupport ${JSON.stringify(support)}: it must be "forbidden", "optional" or "required"`,
  );
}

/** Whether a tool may run as a task. */
export function allowsTasks(tool: Pick<ToolDefinition, "execution">): boolean {
  const support = tool.execution?.taskSupport;
  return support === "optional" || support === "required";
}
