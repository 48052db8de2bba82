import { type JsonObject, LocalError, type Params } from "@mcpkit/core";
import type { Unsubscribe } from "../events.js";
import type { CallOptions } from "../features/calls.js";
import type { CallToolResult } from "../types.js";
import type { TaskInfo, TaskWaitOptions, ToolTask } from "./tool-task.js";
import type { TaskWatchers } from "./watchers.js";
import { isTerminal } from "./wire.js";

/** What a task needs from the client that made it. */
export interface TaskHost {
  /** Sends a request the way the settled era wants it. */
  request(method: string, params: Params, options?: CallOptions): Promise<JsonObject>;
  readonly watchers: TaskWatchers;
  /** Checks a final tool result as a plain call's result is checked (the tool's output schema). */
  finish(result: CallToolResult): Promise<CallToolResult>;
  /** The longest `result()` waits for a task without a TTL when the caller sets no `maxTotalTimeoutMs`. */
  readonly maxWaitMs: number;
  report(error: Error): void;
}

/** Polling never goes faster than this, whatever interval the server suggests. */
export const MIN_POLL_INTERVAL_MS = 10;
/** The polling interval when the server suggests none. */
export const DEFAULT_POLL_INTERVAL_MS = 1000;

/**
 * What both eras' tasks share: the last state seen, status listeners (fed by polls, answers and
 * status notifications) and the bounded, interruptible wait between polls.
 */
export abstract class BaseToolTask implements ToolTask {
  protected current: TaskInfo;
  private readonly listeners = new Set<(info: TaskInfo) => void>();
  private readonly unwatch: Unsubscribe | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(
    protected readonly host: TaskHost,
    info: TaskInfo,
  ) {
    this.current = info;
    this.unwatch = isTerminal(info.status)
      ? undefined
      : host.watchers.watch(info.taskId, (task) => this.observe(task));
  }

  get taskId(): string {
    return this.current.taskId;
  }

  get info(): TaskInfo {
    return this.current;
  }

  abstract refresh(options?: CallOptions): Promise<TaskInfo>;
  abstract result(options?: TaskWaitOptions): Promise<CallToolResult>;
  abstract cancel(options?: CallOptions): Promise<TaskInfo>;

  /** A task state the server notified (the wire object). */
  protected abstract observe(task: JsonObject): void;

  onStatus(listener: (info: TaskInfo) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Records a state seen on the wire and tells the listeners when the status (or its message)
   * changed. A terminal state is final: later reports of the same task are ignored.
   */
  protected seen(info: TaskInfo): TaskInfo {
    const before = this.current;
    if (isTerminal(before.status)) return before;
    this.current = info;
    if (isTerminal(info.status)) this.unwatch?.();
    if (info.status !== before.status || info.statusMessage !== before.statusMessage) {
      for (const listener of [...this.listeners]) {
        try {
          listener(info);
        } catch (error) {
          this.host.report(error instanceof Error ? error : new Error(String(error)));
        }
      }
      this.wakeUp?.();
    }
    return this.current;
  }

  /**
   * When `result()` gives up: the caller's `maxTotalTimeoutMs`, else one TTL from now (the task
   * cannot live longer; counted on this side's clock, so a skewed server clock does not cut the
   * wait short), else the client's bound.
   */
  protected deadline(options: TaskWaitOptions): number {
    if (options.maxTotalTimeoutMs !== undefined) return Date.now() + options.maxTotalTimeoutMs;
    if (this.current.ttlMs !== null) return Date.now() + this.current.ttlMs;
    return Date.now() + this.host.maxWaitMs;
  }

  protected timedOut(): LocalError {
    return new LocalError(
      "timeout",
      `Task ${this.taskId} did not finish in time (status ${this.current.status}); it may still run: call result() again or cancel()`,
    );
  }

  /**
   * Waits the server's polling interval, or less when a status change is seen (then resolves
   * true: the state is fresh, no poll is needed); rejects with `LocalError("cancelled")` when the
   * signal aborts.
   */
  protected pause(deadline: number, signal: AbortSignal | undefined): Promise<boolean> {
    const suggested = this.current.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    const ms = Math.max(MIN_POLL_INTERVAL_MS, Math.min(suggested, deadline - Date.now()));
    return new Promise<boolean>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.wakeUp = undefined;
      };
      const onAbort = () => {
        done();
        reject(new LocalError("cancelled", "Waiting for the task was aborted; the task itself goes on"));
      };
      const timer = setTimeout(() => {
        done();
        resolve(false);
      }, ms);
      this.wakeUp = () => {
        done();
        resolve(true);
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener("abort", onAbort, { once: true });
    });
  }
}
