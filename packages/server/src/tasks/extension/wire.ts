import type { JsonObject } from "@mcpkit/core";
import type { TaskRecord } from "../store.js";

/** The identifier of the tasks extension (SEP-2663). */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/**
 * A task as the 2026-07-28 extension shows it (`Task`): `ttlMs` and `pollIntervalMs`, times as
 * ISO 8601. No `requestState`, no related-task `_meta`.
 *
 * @example
 * ```ts
 * const store = new MemoryTaskStore();
 * const record = await store.create({ owner: "anonymous", ttl: 3_600_000, pollInterval: 1000 });
 * taskFields(record); // { taskId, status: "working", createdAt, lastUpdatedAt, ttlMs: 3600000, pollIntervalMs: 1000 }
 * ```
 */
export function taskFields(task: TaskRecord): JsonObject {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    createdAt: new Date(task.createdAt).toISOString(),
    lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString(),
    ttlMs: task.ttl,
    ...(task.pollInterval === undefined ? {} : { pollIntervalMs: task.pollInterval }),
  };
}

/** The `CreateTaskResult` answering a `tools/call` that became a task: flat, `resultType: "task"`. */
export function createTaskResult(task: TaskRecord): JsonObject {
  return { resultType: "task", ...taskFields(task) };
}

/**
 * A `DetailedTask` (what `tasks/get` and `notifications/tasks` carry): the task with its
 * `inputRequests` while `input_required`, its `result` when `completed`, its `error` when `failed`.
 */
export function detailedTask(task: TaskRecord): JsonObject {
  const fields = taskFields(task);
  if (task.status === "input_required")
    return { ...fields, inputRequests: (task.inputRequests ?? {}) as JsonObject };
  const outcome = task.outcome;
  if (task.status === "completed" && outcome && "result" in outcome)
    return { ...fields, result: outcome.result as JsonObject };
  if (task.status === "failed" && outcome && "error" in outcome)
    return { ...fields, error: outcome.error as unknown as JsonObject };
  return fields;
}
