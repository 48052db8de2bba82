import type { Unsubscribe } from "../events.js";
import type { CallToolResult } from "../types.js";
import type { TaskInfo, ToolTask } from "./tool-task.js";

/**
 * The {@link ToolTask} of a call the server answered at once, without a task (at 2026-07-28 the
 * server decides). Its `taskId` is `""`, its status `completed`; `result()` gives the answer,
 * `refresh()` and `cancel()` send nothing.
 */
export class ImmediateToolTask implements ToolTask {
  readonly taskId = "";
  readonly info: TaskInfo;

  constructor(private readonly answer: CallToolResult) {
    const now = new Date().toISOString();
    this.info = { taskId: "", status: "completed", createdAt: now, lastUpdatedAt: now, ttlMs: null };
  }

  refresh(): Promise<TaskInfo> {
    return Promise.resolve(this.info);
  }
  result(): Promise<CallToolResult> {
    return Promise.resolve(this.answer);
  }
  cancel(): Promise<TaskInfo> {
    return Promise.resolve(this.info);
  }
  onStatus(): Unsubscribe {
    return () => {};
  }
}
