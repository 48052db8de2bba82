import type { Unsubscribe } from "../events.js";
import type { JsonObject } from "@mcpkit/core";

/** At most this many tasks are watched for status notifications at once; the oldest goes first. */
export const MAX_WATCHED_TASKS = 1000;

/**
 * Who listens to the status notifications of which task (`notifications/tasks/status` at
 * 2025-11-25, `notifications/tasks` at 2026-07-28). Bounded: past {@link MAX_WATCHED_TASKS} the
 * oldest watched task stops hearing notifications (it still polls).
 */
export class TaskWatchers {
  private readonly byTask = new Map<string, Set<(task: JsonObject) => void>>();

  watch(taskId: string, listener: (task: JsonObject) => void): Unsubscribe {
    let set = this.byTask.get(taskId);
    if (!set) {
      if (this.byTask.size >= MAX_WATCHED_TASKS) {
        const oldest = this.byTask.keys().next().value;
        if (oldest !== undefined) this.byTask.delete(oldest);
      }
      set = new Set();
      this.byTask.set(taskId, set);
    }
    const own = set;
    own.add(listener);
    return () => {
      own.delete(listener);
      if (own.size === 0 && this.byTask.get(taskId) === own) this.byTask.delete(taskId);
    };
  }

  /** Hands a notified task (the wire object, with its `taskId`) to the task's listeners. */
  deliver(taskId: string, task: JsonObject): void {
    for (const listener of [...(this.byTask.get(taskId) ?? [])]) listener(task);
  }

  /** How many tasks are watched (for tests and diagnostics). */
  get size(): number {
    return this.byTask.size;
  }
}
