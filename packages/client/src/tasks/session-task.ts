import { type JsonObject, LocalError, McpError } from "@mcpkit/core";
import type { CallOptions } from "../features/calls.js";
import type { CallToolResult } from "../types.js";
import { BaseToolTask } from "./base-task.js";
import type { TaskInfo, TaskWaitOptions } from "./tool-task.js";
import { isTerminal, readTask, withoutRelatedTask } from "./wire.js";

/** A task state the server answered, or an error saying it answered something else. */
export function taskFrom(result: JsonObject, method: string): TaskInfo {
  const info = readTask(result);
  if (!info)
    throw new LocalError(
      "invalid_message",
      `The server answered ${method} with something that is not a task`,
    );
  return info;
}

/**
 * A 2025-11-25 task the client asked for (`tools/call` with `params.task`): polled with
 * `tasks/get` at the server's `pollInterval` (a `notifications/tasks/status` ends a wait early),
 * its outcome fetched with `tasks/result` once it is terminal, or as soon as it needs input (the
 * server sends its requests while `tasks/result` waits, and the client's handlers answer them).
 */
export class SessionToolTask extends BaseToolTask {
  protected observe(task: JsonObject): void {
    const info = readTask(task);
    if (info) this.seen(info);
  }

  async refresh(options?: CallOptions): Promise<TaskInfo> {
    return this.seen(
      taskFrom(await this.host.request("tasks/get", { taskId: this.taskId }, options), "tasks/get"),
    );
  }

  async cancel(options?: CallOptions): Promise<TaskInfo> {
    const answer = await this.host.request("tasks/cancel", { taskId: this.taskId }, options);
    return this.seen(taskFrom(answer, "tasks/cancel"));
  }

  async result(options: TaskWaitOptions = {}): Promise<CallToolResult> {
    const { onStatus, ...callOptions } = options;
    const off = onStatus ? this.onStatus(onStatus) : undefined;
    try {
      const deadline = this.deadline(options);
      // Each turn waits at least MIN_POLL_INTERVAL_MS or one request: the deadline bounds the loop.
      for (;;) {
        const { status } = this.current;
        if (status === "cancelled") throw this.cancelled();
        if (isTerminal(status) || status === "input_required") {
          const outcome = await this.fetch(callOptions);
          if (outcome) return outcome;
        }
        if (Date.now() >= deadline) throw this.timedOut();
        // A status change seen while waiting (a notification) is fresh: no poll needed.
        if (!(await this.pause(deadline, callOptions.signal))) await this.refresh(callOptions);
      }
    } finally {
      off?.();
    }
  }

  /**
   * `tasks/result`: the outcome, or undefined when it timed out before the task ended (back to
   * polling). An error from the server is the call's error, unless the task turns out cancelled.
   */
  private async fetch(options: CallOptions): Promise<CallToolResult | undefined> {
    let answer: JsonObject;
    try {
      answer = await this.host.request("tasks/result", { taskId: this.taskId }, options);
    } catch (error) {
      if (error instanceof LocalError && error.code === "timeout" && !isTerminal(this.current.status))
        return undefined;
      if (error instanceof McpError) {
        const after = await this.refresh(options).catch(() => this.current);
        if (after.status === "cancelled") throw this.cancelled();
      }
      throw error;
    }
    if (!isTerminal(this.current.status)) await this.refresh(options).catch(() => undefined);
    return this.host.finish(withoutRelatedTask(answer) as unknown as CallToolResult);
  }

  private cancelled(): LocalError {
    return new LocalError("cancelled", `Task ${this.taskId} was cancelled`);
  }
}
