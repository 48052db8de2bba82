import type { CallOptions } from "./features/calls.js";
import type { TaskRequest } from "./tasks/tool-task.js";

/** Options of the `list*` methods. */
export interface ListOptions extends CallOptions {
  /** Upper bound on pages. Default: the client's `maxPages` (100). */
  readonly maxPages?: number;
}

/** Options of {@link Client.callTool}. */
export interface CallToolOptions extends CallOptions {
  /** Check `structuredContent` against the tool's output schema. Default true (when a validator is configured). */
  readonly validateOutput?: boolean;
}

/**
 * Options of {@link Client.callTool} that ask for a task: the call answers a {@link ToolTask}
 * instead of the tool's result.
 */
export interface CallToolAsTaskOptions extends CallToolOptions {
  /** Run the call as a task (2025-11-25 `params.task`; at 2026-07-28 the server decides). */
  readonly task: TaskRequest;
}
