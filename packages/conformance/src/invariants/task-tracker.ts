/** What one run saw of 2025-11-25 tasks: ids created, and the progress tokens of task requests. */
export class TaskTracker {
  /** Task ids reported by a CreateTaskResult, with the request that created each. */
  readonly created = new Map<string, string>();
  /** Progress token key to the task its request became. */
  readonly tokenTasks = new Map<string, string>();
  /** Tasks whose tasks/result was answered (so they were terminal then). */
  readonly resultAnswered = new Set<string>();
  /** Tasks reported cancelled. */
  readonly cancelled = new Set<string>();
}
