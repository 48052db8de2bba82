import {
  encodeHeaderValue,
  type InputRequests,
  type InputResponses,
  type JsonObject,
  LocalError,
  McpError,
} from "@mcpkit/core";
import type { CallOptions } from "../features/calls.js";
import type { CallToolResult } from "../types.js";
import { BaseToolTask, type TaskHost } from "./base-task.js";
import type { TaskInfo, TaskWaitOptions } from "./tool-task.js";
import { readTask } from "./wire.js";

/** A task asks for at most this many inputs over its life; past it, `result()` gives up. */
export const MAX_TASK_INPUTS = 1000;

/** Answers input requests with the client's handlers. */
export type Fulfil = (requests: InputRequests, signal: AbortSignal) => Promise<InputResponses>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A task of the 2026-07-28 `io.modelcontextprotocol/tasks` extension (the server chose to answer
 * `tools/call` with one): polled with `tasks/get` at the server's `pollIntervalMs`; its result or
 * error comes inline once terminal; input it asks for (`input_required`, `inputRequests`) is
 * answered by the client's handlers and sent with `tasks/update`, each key once. Every task
 * request carries `Mcp-Name: <taskId>` so a fleet can route it.
 */
export class StatelessToolTask extends BaseToolTask {
  /** The latest detailed task (result, error, inputRequests) seen. */
  private detail: JsonObject | undefined;
  private readonly answered = new Set<string>();

  constructor(
    host: TaskHost,
    info: TaskInfo,
    private readonly fulfil: Fulfil,
    /** The task as the server last showed it (a `CreateTaskResult`, or a `tasks/get` answer). */
    detail?: JsonObject,
  ) {
    super(host, info);
    this.detail = detail;
  }

  protected observe(task: JsonObject): void {
    const info = readTask(task);
    if (!info) return;
    this.detail = task;
    this.seen(info);
  }

  private routed(options: CallOptions | undefined): CallOptions {
    return { ...options, headers: { ...options?.headers, "Mcp-Name": encodeHeaderValue(this.taskId) } };
  }

  async refresh(options?: CallOptions): Promise<TaskInfo> {
    const task = await this.host.request("tasks/get", { taskId: this.taskId }, this.routed(options));
    const info = readTask(task);
    if (!info)
      throw new LocalError(
        "invalid_message",
        "The server answered tasks/get with something that is not a task",
      );
    this.detail = task;
    return this.seen(info);
  }

  /** Sends `tasks/cancel` (an acknowledgement only), then reads the task's state once. */
  async cancel(options?: CallOptions): Promise<TaskInfo> {
    await this.host.request("tasks/cancel", { taskId: this.taskId }, this.routed(options));
    return this.refresh(options).catch(() => this.current);
  }

  async result(options: TaskWaitOptions = {}): Promise<CallToolResult> {
    const { onStatus, ...callOptions } = options;
    const off = onStatus ? this.onStatus(onStatus) : undefined;
    try {
      const deadline = this.deadline(options);
      // Each turn waits at least MIN_POLL_INTERVAL_MS: the deadline bounds the loop.
      for (;;) {
        const done = this.outcome();
        if (done) return await done;
        if (this.current.status === "input_required") await this.answerInputs(callOptions);
        if (Date.now() >= deadline) throw this.timedOut();
        // A status change seen while waiting (a notification) is fresh: no poll needed.
        if (!(await this.pause(deadline, callOptions.signal))) await this.refresh(callOptions);
      }
    } finally {
      off?.();
    }
  }

  /** The call's outcome once the task is terminal: its result, its error, or cancelled. */
  private outcome(): Promise<CallToolResult> | undefined {
    const { status } = this.current;
    if (status === "cancelled")
      return Promise.reject(new LocalError("cancelled", `Task ${this.taskId} was cancelled`));
    if (status === "failed") {
      const error = isObject(this.detail?.error) ? this.detail.error : {};
      const code = typeof error.code === "number" ? error.code : -32603;
      const message =
        typeof error.message === "string" ? error.message : (this.current.statusMessage ?? "The task failed");
      return Promise.reject(new McpError(code, message, error.data));
    }
    if (status !== "completed") return undefined;
    const result = this.detail?.result;
    if (!isObject(result))
      return Promise.reject(
        new LocalError(
          "invalid_message",
          `The server reported task ${this.taskId} completed without a result`,
        ),
      );
    const complete = result.resultType === undefined ? { ...result, resultType: "complete" } : result;
    return this.host.finish(complete as unknown as CallToolResult);
  }

  /** Answers the input requests not answered yet, and sends the answers with `tasks/update`. */
  private async answerInputs(options: CallOptions): Promise<void> {
    const asked = this.detail?.inputRequests;
    if (!isObject(asked)) return;
    const fresh: Record<string, JsonObject> = {};
    for (const [key, request] of Object.entries(asked)) {
      if (!this.answered.has(key) && isObject(request)) fresh[key] = request;
    }
    const keys = Object.keys(fresh);
    if (keys.length === 0) return;
    if (this.answered.size + keys.length > MAX_TASK_INPUTS)
      throw new LocalError(
        "invalid_message",
        `Task ${this.taskId} asked for more than ${MAX_TASK_INPUTS} inputs`,
      );
    const inputResponses = await this.fulfil(fresh, options.signal ?? new AbortController().signal);
    for (const key of keys) this.answered.add(key);
    await this.host.request("tasks/update", { taskId: this.taskId, inputResponses }, this.routed(options));
  }
}
