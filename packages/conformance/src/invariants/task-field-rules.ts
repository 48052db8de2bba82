import { type Json, type JsonObject, isObject } from "../model/json.js";
import { type RunState, type SentRequest, idKey } from "./state.js";
import type { Breach } from "./violation.js";

type Push = (requirement: string, detail: string) => void;

const RELATED = "io.modelcontextprotocol/related-task";
const STATUSES = new Set(["working", "input_required", "completed", "failed", "cancelled"]);
/** RFC 3339 (the ISO 8601 profile the spec links): a date, a time and an offset. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
/** Bounds on what a run remembers about tasks. */
const MAX_TRACKED = 1000;

function relatedTaskOf(value: Json | undefined): Json | undefined {
  const meta = isObject(value) && isObject(value._meta) ? value._meta : undefined;
  return meta?.[RELATED];
}

/** createdAt, lastUpdatedAt, a string id and a known status on one task a response reports. */
function taskFields(task: JsonObject, where: string, push: Push): void {
  if (typeof task.taskId !== "string")
    push("tasks.id.string", `${where} has taskId ${JSON.stringify(task.taskId ?? null)}, not a string`);
  const name = typeof task.taskId === "string" ? `${where} ${JSON.stringify(task.taskId)}` : where;
  if (typeof task.createdAt !== "string" || !TIMESTAMP.test(task.createdAt))
    push("tasks.ttl.created-at", `${name} has createdAt ${JSON.stringify(task.createdAt ?? null)}`);
  if (typeof task.lastUpdatedAt !== "string" || !TIMESTAMP.test(task.lastUpdatedAt))
    push(
      "tasks.ttl.last-updated-at",
      `${name} has lastUpdatedAt ${JSON.stringify(task.lastUpdatedAt ?? null)}`,
    );
  if (typeof task.status === "string" && !STATUSES.has(task.status))
    push(
      "tasks.status.valid-transitions",
      `${name} has status ${JSON.stringify(task.status)}, which no path leads to`,
    );
}

/** The task-augmented answer rules of a tools/call (CreateTaskResult only where declared and asked). */
function createRules(
  result: JsonObject,
  request: SentRequest,
  key: string,
  state: RunState,
  push: Push,
): void {
  const capabilities = state.serverCapabilities();
  const tasks = isObject(capabilities?.tasks) ? capabilities.tasks : undefined;
  const requests = isObject(tasks?.requests) ? tasks.requests : undefined;
  const declared = isObject(requests?.tools) && isObject(requests.tools.call);
  const task = result.task;
  if (isObject(task)) {
    if (capabilities !== undefined && !declared) {
      push(
        "tasks.capability.declare",
        "a tools/call answered with a task by a server without tasks.requests.tools.call",
      );
      push(
        "tasks.support.undeclared-processed-normally",
        "a task-augmented tools/call answered with a task although tool calls declare no task support",
      );
    }
    taskFields(task, "the created task", push);
    const id = task.taskId;
    if (typeof id !== "string") return;
    const earlier = state.tasks.created.get(id);
    if (earlier !== undefined && earlier !== key)
      push("tasks.id.unique", `task id ${JSON.stringify(id)} created again for another request`);
    else if (state.tasks.created.size < MAX_TRACKED) state.tasks.created.set(id, key);
    for (const [token, t] of state.tokens)
      if (t.request === key && state.tasks.tokenTasks.size < MAX_TRACKED)
        state.tasks.tokenTasks.set(token, id);
    return;
  }
  const name = request.params.name;
  const support = typeof name === "string" ? state.shared.taskSupport.get(name) : undefined;
  if (declared && isObject(request.params.task) && (support === "optional" || support === "required"))
    push(
      "tasks.result.create-task-result",
      `a task-augmented call of ${String(name)} (taskSupport ${support}) answered with its result, not a CreateTaskResult`,
    );
}

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/**
 * Rules on the order of reports (stdio and WebSocket only, where messages arrive in the order
 * sent): after tasks/result was answered, the task is never reported unfinished again
 * (`tasks.result.blocks`); a task reported cancelled stays cancelled (`tasks.cancel.stays-cancelled`).
 */
function orderRules(task: JsonObject, state: RunState, push: Push): void {
  if (state.transport !== "stdio" && state.transport !== "ws") return;
  const { taskId, status } = task;
  if (typeof taskId !== "string" || typeof status !== "string") return;
  if (state.tasks.resultAnswered.has(taskId) && !TERMINAL.has(status))
    push(
      "tasks.result.blocks",
      `task ${JSON.stringify(taskId)} reported ${status} after its tasks/result was answered`,
    );
  if (state.tasks.cancelled.has(taskId) && status !== "cancelled")
    push(
      "tasks.cancel.stays-cancelled",
      `task ${JSON.stringify(taskId)} reported ${status} after it was cancelled`,
    );
  else if (status === "cancelled" && state.tasks.cancelled.size < MAX_TRACKED)
    state.tasks.cancelled.add(taskId);
}

/**
 * The 2025-11-25 task rules that hold on every answer: the fields every task carries, ttl in
 * tasks/get, the related-task `_meta` on tasks/result and not on tasks/get, list and cancel
 * results, cancel leaving the task cancelled, a failed task's statusMessage, CreateTaskResult only
 * where task support is declared (and whenever a declared, task-capable tool is called as a task),
 * task ids never created twice, and (in order) no unfinished task after its tasks/result and no
 * cancelled task coming back.
 */
export function taskAnswerRules(message: JsonObject, request: SentRequest, state: RunState): Breach[] {
  if (state.revision !== "2025-11-25" || !isObject(message.result)) return [];
  const result = message.result;
  const out: Breach[] = [];
  const push: Push = (requirement, detail) => out.push({ requirement, detail, message });
  const method = request.method;
  if (method === "tools/list" && Array.isArray(result.tools))
    for (const tool of result.tools)
      if (isObject(tool) && typeof tool.name === "string" && isObject(tool.execution)) {
        const support = tool.execution.taskSupport;
        if (typeof support === "string") state.shared.rememberTaskSupport(tool.name, support);
      }
  if (method === "tools/call") createRules(result, request, idKey(request.id), state, push);
  if (method === "tasks/get" || method === "tasks/cancel") {
    taskFields(result, `the ${method} task`, push);
    orderRules(result, state, push);
    if (relatedTaskOf(result) !== undefined)
      push("tasks.meta.not-in-results", `a ${method} result with related-task _meta`);
  }
  if (method === "tasks/get") {
    const ttl = result.ttl;
    if (ttl !== null && (typeof ttl !== "number" || ttl < 0))
      push("tasks.ttl.actual-in-get", `a tasks/get result with ttl ${JSON.stringify(ttl ?? "absent")}`);
    if (result.status === "failed" && typeof result.statusMessage !== "string")
      push("tasks.execution.failed-status-message", "a tasks/get of a failed task without statusMessage");
  }
  if (method === "tasks/cancel" && typeof result.status === "string" && result.status !== "cancelled")
    push("tasks.cancel.status-before-response", `a tasks/cancel answered with status ${result.status}`);
  if (method === "tasks/list" && Array.isArray(result.tasks)) {
    for (const task of result.tasks)
      if (isObject(task)) {
        taskFields(task, "a listed task", push);
        orderRules(task, state, push);
      }
    if (relatedTaskOf(result) !== undefined)
      push("tasks.meta.not-in-results", "a tasks/list result with related-task _meta");
  }
  if (method === "tasks/result") {
    const related = relatedTaskOf(result);
    const taskId = request.params.taskId;
    if (typeof taskId === "string" && state.tasks.resultAnswered.size < MAX_TRACKED)
      state.tasks.resultAnswered.add(taskId);
    if (!isObject(related) || related.taskId !== taskId)
      push(
        "tasks.meta.result",
        `a tasks/result answer whose _meta related-task is ${JSON.stringify(related ?? null)}, not task ${JSON.stringify(taskId ?? null)}`,
      );
  }
  return out;
}

/**
 * The 2025-11-25 task rules of notifications: a status notification carries no related-task
 * `_meta`; progress on the token of a request that became a task names that task.
 */
export function taskNotificationRules(message: JsonObject, state: RunState): Breach[] {
  if (state.revision !== "2025-11-25") return [];
  const params = isObject(message.params) ? message.params : {};
  const out: Breach[] = [];
  if (message.method === "notifications/tasks/status" && relatedTaskOf(params) !== undefined)
    out.push({
      requirement: "tasks.notification.no-related-meta",
      detail: "a notifications/tasks/status with related-task _meta",
      message,
    });
  if (message.method === "notifications/tasks/status")
    orderRules(params, state, (requirement, detail) => out.push({ requirement, detail, message }));
  if (message.method === "notifications/progress") {
    const token = params.progressToken;
    const task =
      typeof token === "string" || typeof token === "number"
        ? state.tasks.tokenTasks.get(idKey(token))
        : undefined;
    const related = relatedTaskOf(params);
    if (task !== undefined && (!isObject(related) || related.taskId !== task))
      out.push({
        requirement: "tasks.meta.related",
        detail: `progress of task ${JSON.stringify(task)} whose _meta related-task is ${JSON.stringify(related ?? null)}`,
        message,
      });
  }
  return out;
}
