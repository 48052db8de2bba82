import { type Json, isObject } from "../model/json.js";
import { inputRequestsRules } from "./input-request-rules.js";
import type { RunState, SentRequest } from "./state.js";
import type { Breach } from "./violation.js";

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/** The tasks (id and status) a message reports: a task result, a task list, a status notification. */
function reported(message: Json, request: SentRequest | undefined): { taskId: string; status: string }[] {
  if (!isObject(message)) return [];
  const one = (value: Json | undefined) =>
    isObject(value) && typeof value.taskId === "string" && typeof value.status === "string"
      ? [{ taskId: value.taskId, status: value.status }]
      : [];
  if (message.method === "notifications/tasks/status") return one(message.params);
  if (request === undefined || !isObject(message.result)) return [];
  const result = message.result;
  if (request.method === "tasks/get" || request.method === "tasks/cancel") return one(result);
  if (request.method === "tasks/list" && Array.isArray(result.tasks)) return result.tasks.flatMap(one);
  return one(result.task);
}

/**
 * `tasks.status.terminal-final` (2025-11-25 tasks): once a task was reported completed, failed or
 * cancelled, it is never reported in another status. Checked over stdio and WebSocket only, where
 * the server's messages arrive in the order it sent them (over HTTP a status notification on one
 * stream may overtake the answer on another).
 */
export function taskStatusRules(message: Json, request: SentRequest | undefined, state: RunState): Breach[] {
  if (state.transport !== "stdio" && state.transport !== "ws") return [];
  const breaches: Breach[] = [];
  for (const { taskId, status } of reported(message, request)) {
    const final = state.terminalTasks.get(taskId);
    if (final !== undefined && status !== final)
      breaches.push({
        requirement: "tasks.status.terminal-final",
        detail: `a task reported ${status} after it was ${final}`,
        message,
      });
    else if (final === undefined && TERMINAL.has(status) && state.terminalTasks.size < 1000)
      state.terminalTasks.set(taskId, status);
  }
  return breaches;
}

/** What a 2026-07-28 `tasks/get` answer must carry for each status (tasks extension, "Task Polling"). */
const STATUS_FIELDS: Record<string, string> = {
  completed: "result",
  failed: "error",
  input_required: "inputRequests",
};

/**
 * `tasks-extension.get.status-fields` (2026-07-28): `tasks/get` answers a completed task with its
 * `result`, a failed one with its `error` and one waiting for input with its `inputRequests`, whose
 * requests obey the rules of input requests (their kinds and the elicitation schema; which kinds
 * the task's own request declared is not known here).
 */
export function taskGetRules(message: Json, request: SentRequest | undefined, state: RunState): Breach[] {
  if (state.revision < "2026-07-28" || request?.method !== "tasks/get") return [];
  if (!isObject(message) || !isObject(message.result)) return [];
  const result = message.result;
  const out: Breach[] = [];
  const push = (requirement: string, detail: string) => out.push({ requirement, detail, message });
  const field = typeof result.status === "string" ? STATUS_FIELDS[result.status] : undefined;
  if (field !== undefined && !isObject(result[field]))
    push(
      "tasks-extension.get.status-fields",
      `a tasks/get answer with status ${result.status} without ${field}`,
    );
  if (result.status === "input_required" && isObject(result.inputRequests))
    inputRequestsRules(result.inputRequests, undefined, state.revision, push);
  return out;
}
