import { type Capabilities, hasCapability, type JsonObject, LocalError, type Params } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { CallOptions } from "../features/calls.js";
import type { CallToolParams, CallToolResult, ServerCapabilities, Tool } from "../types.js";
import type { TaskHost } from "./base-task.js";
import { ImmediateToolTask } from "./immediate-task.js";
import { SessionToolTask } from "./session-task.js";
import type { TaskRequest, ToolTask } from "./tool-task.js";
import { readTask } from "./wire.js";

/** The revision whose `tools/call` the client may augment with a task. */
export const TASK_REVISION: Revision = "2025-11-25";

/** Whether a listed tool requires a task (2025-11-25) and the server takes task-augmented calls. */
export function mustRunAsTask(
  revision: Revision | undefined,
  tool: Tool | undefined,
  server: ServerCapabilities | undefined,
): boolean {
  if (revision !== TASK_REVISION) return false;
  return (
    tool?.execution?.taskSupport === "required" &&
    hasCapability(server as Capabilities, "tasks.requests.tools.call")
  );
}

/** What asking for a 2025-11-25 task needs to know. */
export interface SessionTaskCall {
  readonly revision: Revision;
  readonly serverCapabilities: ServerCapabilities;
  /** The tool's definition (the tools are listed first when the client has none). */
  readonly tool: (name: string) => Promise<Tool | undefined>;
  readonly host: TaskHost;
}

/**
 * Refuses, before sending anything, a task the spec says the client must not ask for: the server
 * did not declare `tasks.requests.tools.call`, or the tool's `execution.taskSupport` is absent or
 * `"forbidden"` (or the tool is not listed at all).
 */
async function checkTaskAllowed(call: SessionTaskCall, name: string): Promise<void> {
  if (call.revision !== TASK_REVISION)
    throw new LocalError(
      "method_unavailable",
      `tools/call as a task is not part of revision ${call.revision} (tasks are 2025-11-25, and an extension at 2026-07-28)`,
    );
  if (!hasCapability(call.serverCapabilities as Params, "tasks.requests.tools.call"))
    throw new LocalError(
      "capability_missing",
      'the server did not declare the capability "tasks.requests.tools.call" that a task-augmented tools/call needs',
    );
  const tool = await call.tool(name);
  const shown = JSON.stringify(name);
  if (!tool)
    throw new LocalError(
      "capability_missing",
      `Tool ${shown} is not in the server's tool list, so it cannot be called as a task`,
    );
  const support = tool.execution?.taskSupport;
  if (support !== "optional" && support !== "required")
    throw new LocalError(
      "capability_missing",
      `Tool ${shown} does not support task augmentation (execution.taskSupport is ${support === undefined ? "absent" : JSON.stringify(support)}): call it without the task option`,
    );
}

/**
 * `tools/call` with `params.task` (2025-11-25): checks that the task is allowed, sends the call
 * and wraps the `CreateTaskResult` in a {@link ToolTask}. A server that answers the tool's result
 * instead (ignoring `task`) gets an already completed ToolTask.
 */
export async function callToolAsSessionTask(
  call: SessionTaskCall,
  params: CallToolParams,
  task: TaskRequest,
  options: CallOptions,
): Promise<ToolTask> {
  await checkTaskAllowed(call, params.name);
  const wireTask = task.ttlMs === undefined ? {} : { ttl: task.ttlMs };
  const answer = await call.host.request("tools/call", { ...params, task: wireTask }, options);
  const info = readTask(answer.task);
  if (info) return new SessionToolTask(call.host, info);
  if (Array.isArray(answer.content))
    return new ImmediateToolTask(await call.host.finish(answer as unknown as CallToolResult));
  throw new LocalError(
    "invalid_message",
    "The server answered a task-augmented tools/call with neither a task nor a tool result",
  );
}

/** Reads the tasks of a `tasks/list` page, dropping entries that are not tasks. */
export function tasksOf(items: readonly JsonObject[]) {
  return items.map(readTask).filter((info) => info !== undefined);
}
