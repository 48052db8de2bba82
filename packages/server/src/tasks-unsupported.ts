import type { Capabilities } from "@mcpkit/core";
import type { ToolDefinition } from "./types.js";

/*
 * mcpkit does not serve tasks yet (no tasks/* handlers, no task-augmented tools/call). Announcing
 * them would promise clients something every request for would fail: both are refused up front.
 */

/** Throws a TypeError when a server is asked to advertise `tasks`. */
export function assertNoTasksCapability(capabilities: Capabilities | undefined): void {
  if (capabilities?.tasks === undefined) return;
  throw new TypeError(
    "capabilities.tasks is not supported: mcpkit does not serve tasks yet (tasks/* requests, task-augmented tools/call), so a server must not advertise them; remove capabilities.tasks",
  );
}

/** Throws a TypeError naming the tool when it asks for task-augmented execution. */
export function assertNoTaskSupport(tool: Pick<ToolDefinition, "name" | "execution">): void {
  const taskSupport = tool.execution?.taskSupport;
  if (taskSupport === undefined || taskSupport === "forbidden") return;
  throw new TypeError(
    `Tool ${JSON.stringify(tool.name)} has execution.taskSupport ${JSON.stringify(taskSupport)}, which is not supported: mcpkit does not serve tasks yet, so a tool's taskSupport must be "forbidden" or absent`,
  );
}
