/**
 * Tasks on the wire, read tolerantly into the client's {@link TaskInfo}: 2025-11-25 names the
 * durations `ttl` and `pollInterval`, the 2026-07-28 extension `ttlMs` and `pollIntervalMs`.
 */
import type { JsonObject } from "@mcpkit/core";
import type { ClientTaskStatus, TaskInfo } from "./tool-task.js";

/** The `_meta` key that ties a message to its task (2025-11-25). */
export const RELATED_TASK = "io.modelcontextprotocol/related-task";

const statuses = new Set<string>(["working", "input_required", "completed", "failed", "cancelled"]);

/** Whether a status is final: `completed`, `failed` or `cancelled`. */
export function isTerminal(status: ClientTaskStatus): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

function duration(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * A wire task as a {@link TaskInfo}, or undefined when it is not one (no string `taskId`, or a
 * status no revision defines).
 */
export function readTask(wire: unknown): TaskInfo | undefined {
  if (typeof wire !== "object" || wire === null || Array.isArray(wire)) return undefined;
  const task = wire as JsonObject;
  if (typeof task.taskId !== "string" || task.taskId === "") return undefined;
  if (typeof task.status !== "string" || !statuses.has(task.status)) return undefined;
  const ttl = "ttlMs" in task ? task.ttlMs : task.ttl;
  const poll = duration("pollIntervalMs" in task ? task.pollIntervalMs : task.pollInterval);
  return {
    taskId: task.taskId,
    status: task.status as ClientTaskStatus,
    ...(typeof task.statusMessage === "string" ? { statusMessage: task.statusMessage } : {}),
    createdAt: typeof task.createdAt === "string" ? task.createdAt : "",
    ...(typeof task.lastUpdatedAt === "string" ? { lastUpdatedAt: task.lastUpdatedAt } : {}),
    ttlMs: duration(ttl) ?? null,
    ...(poll === undefined ? {} : { pollIntervalMs: poll }),
  };
}

/** A result without the related-task `_meta` key (and without `_meta` when nothing else is left). */
export function withoutRelatedTask(result: JsonObject): JsonObject {
  const meta = result._meta;
  if (typeof meta !== "object" || meta === null || !(RELATED_TASK in meta)) return result;
  const { [RELATED_TASK]: _related, ...rest } = meta as Record<string, unknown>;
  const { _meta: _dropped, ...body } = result;
  return Object.keys(rest).length === 0 ? body : { ...body, _meta: rest as JsonObject };
}
