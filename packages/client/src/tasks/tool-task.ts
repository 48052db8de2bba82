/**
 * The client's view of a task, the same in both eras: the 2025-11-25 `tasks` capability (the
 * client asks for a task) and the 2026-07-28 `io.modelcontextprotocol/tasks` extension (the server
 * decides). Times are the wire's ISO 8601 strings; durations are milliseconds in both eras.
 */
import type { Unsubscribe } from "../events.js";
import type { CallOptions } from "../features/calls.js";
import type { CallToolResult } from "../types.js";

/** A task's status; `completed`, `failed` and `cancelled` are terminal. */
export type ClientTaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

/** A task's state as the server last reported it. */
export interface TaskInfo {
  readonly taskId: string;
  readonly status: ClientTaskStatus;
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601 (absent when the server did not send it). */
  readonly lastUpdatedAt?: string;
  /** Lifetime from creation in ms; `null` is unlimited (`ttl` at 2025-11-25, `ttlMs` at 2026-07-28). */
  readonly ttlMs: number | null;
  /** The server's suggested polling interval in ms (`pollInterval` / `pollIntervalMs`). */
  readonly pollIntervalMs?: number;
}

/** Options of {@link ToolTask.result}. */
export interface TaskWaitOptions extends CallOptions {
  /** Called with each status change seen while waiting (polled or notified). */
  readonly onStatus?: (info: TaskInfo) => void;
}

/**
 * A running (or finished) tool call the server holds as a task. Get one from
 * `client.callTool(params, { task: {} })`.
 *
 * @example
 * ```ts
 * async function follow(task: ToolTask) {
 *   console.log(task.taskId, task.info.status);
 *   return task.result({ onStatus: (info) => console.log(info.status, info.statusMessage) });
 * }
 * ```
 */
export interface ToolTask {
  readonly taskId: string;
  /** The last state seen (from creation, a poll, a notification or `refresh`). */
  readonly info: TaskInfo;
  /** Asks the server for the task's current state (`tasks/get`). */
  refresh(options?: CallOptions): Promise<TaskInfo>;
  /**
   * Waits until the task is terminal and answers what the plain call would have: the tool's result
   * (also when it is an `isError` result), or throws the `McpError` the call raised. A cancelled
   * task throws `LocalError("cancelled")`. Input the server asks for while the task waits is
   * answered by the client's handlers (elicitation, sampling, roots).
   */
  result(options?: TaskWaitOptions): Promise<CallToolResult>;
  /** Asks the server to cancel (`tasks/cancel`); resolves with the state the server reports after. */
  cancel(options?: CallOptions): Promise<TaskInfo>;
  /** Status changes as they are seen; returns a function that stops listening. */
  onStatus(listener: (info: TaskInfo) => void): Unsubscribe;
}

/** The `task` option of `callTool`: ask for a task (2025-11-25) or accept one (2026-07-28). */
export interface TaskRequest {
  /**
   * Requested lifetime in ms (2025-11-25 `params.task.ttl`; the server may shorten it). Not sent at
   * 2026-07-28, where the request carries no task parameter and the server sets the TTL.
   */
  readonly ttlMs?: number;
}
