import { type Json, type JsonObject, isObject } from "../model/json.js";
import type { RunState } from "./state.js";
import type { Breach } from "./violation.js";

/** What the server side told the client under test about tasks: its capabilities and tools. */
interface TaskKnowledge {
  /** `capabilities.tasks.requests` from the initialize result (undefined before it). */
  requests?: JsonObject;
  /** Tools listed so far, by name: their `execution.taskSupport` ("forbidden" when absent). */
  readonly tools: Map<string, string>;
  /** `capabilities.tasks.requests` the client declared in its initialize. */
  own?: JsonObject;
  /** The client's requests (by id key) that the server answered with a task, and the task's id. */
  readonly tasks: Map<string, string>;
}

const known = new WeakMap<RunState, TaskKnowledge>();

function knowledgeOf(state: RunState): TaskKnowledge {
  let k = known.get(state);
  if (k === undefined) {
    k = { tools: new Map(), tasks: new Map() };
    known.set(state, k);
  }
  return k;
}

/** A result the server side sent for the client's `method` request: capabilities and tool listings. */
export function rememberTaskFacts(method: string, message: Json, state: RunState): void {
  if (!isObject(message) || !isObject(message.result)) return;
  const result = message.result;
  const k = knowledgeOf(state);
  // A CreateTaskResult: `task.taskId` (2025-11-25) or `resultType: "task"` with `taskId` (2026-07-28).
  const task = isObject(result.task)
    ? result.task.taskId
    : result.resultType === "task"
      ? result.taskId
      : undefined;
  if (typeof task === "string" && k.tasks.size < 10_000)
    k.tasks.set(JSON.stringify(message.id ?? null), task);
  if (method === "initialize") {
    const caps = isObject(result.capabilities) ? result.capabilities : {};
    const tasks = isObject(caps.tasks) ? caps.tasks : {};
    k.requests = isObject(tasks.requests) ? tasks.requests : {};
  } else if (method === "tools/list" && Array.isArray(result.tools)) {
    for (const tool of result.tools) {
      if (!isObject(tool) || typeof tool.name !== "string" || k.tools.size >= 10_000) continue;
      const execution = isObject(tool.execution) ? tool.execution : {};
      k.tools.set(tool.name, typeof execution.taskSupport === "string" ? execution.taskSupport : "forbidden");
    }
  }
}

/** Whether `requests` (the tasks.requests capability) declares the method, e.g. tools/call → tools.call. */
function declares(requests: JsonObject, method: string): boolean {
  const [group, name] = method.split("/");
  const entry = group === undefined ? undefined : requests[group];
  return name !== undefined && isObject(entry) && entry[name] !== undefined;
}

/**
 * 2025-11-25 task augmentation by a client: `params.task` only where the server declared task
 * support for the request type (MUST for tools/call, SHOULD otherwise), never for a tool whose
 * `taskSupport` is absent or "forbidden", always for one whose `taskSupport` is "required".
 */
export function clientTaskRequestRules(message: JsonObject, state: RunState): Breach[] {
  if (state.revision !== "2025-11-25" || !Object.hasOwn(message, "id")) return [];
  if (message.method === "initialize") {
    const params = isObject(message.params) ? message.params : {};
    const caps = isObject(params.capabilities) ? params.capabilities : {};
    const tasks = isObject(caps.tasks) ? caps.tasks : {};
    knowledgeOf(state).own = isObject(tasks.requests) ? tasks.requests : {};
    return [];
  }
  const k = known.get(state);
  if (k?.requests === undefined) return [];
  const method = message.method as string;
  const params = isObject(message.params) ? message.params : {};
  const augmented = params.task !== undefined;
  const out: Breach[] = [];
  const push = (requirement: string, detail: string) => out.push({ requirement, detail, message });
  if (augmented && !declares(k.requests, method)) {
    if (method === "tools/call")
      push(
        "tasks.requestor.capability-required",
        "a task-augmented tools/call to a server without tasks.requests.tools.call",
      );
    else
      push(
        "tasks.requestor.augment-declared-only",
        `a task-augmented ${method} the server declared no task support for`,
      );
    return out;
  }
  if (method !== "tools/call" || typeof params.name !== "string") return out;
  const support = k.tools.get(params.name);
  if (augmented && support === "forbidden")
    push(
      "tasks.requestor.tool-forbidden",
      `tool ${params.name} (taskSupport absent or "forbidden") called as a task`,
    );
  if (!augmented && support === "required" && declares(k.requests, method))
    push(
      "tasks.requestor.tool-required",
      `tool ${params.name} (taskSupport "required") called without params.task`,
    );
  return out;
}

/**
 * A notification the client sent: a request that became a task is cancelled with tasks/cancel,
 * never with notifications/cancelled (2025-11-25 tasks; the 2026-07-28 tasks extension).
 */
export function clientTaskNotificationRules(message: JsonObject, state: RunState): Breach[] {
  if (message.method !== "notifications/cancelled" || Object.hasOwn(message, "id")) return [];
  const params = isObject(message.params) ? message.params : {};
  const task = known.get(state)?.tasks.get(JSON.stringify(params.requestId ?? null));
  if (task === undefined) return [];
  return [
    {
      requirement:
        state.revision >= "2026-07-28"
          ? "tasks-extension.client.cancel-with-tasks-cancel"
          : "tasks.requestor.cancel-with-tasks-cancel",
      detail: `notifications/cancelled for request ${JSON.stringify(params.requestId)}, which became task ${task}: tasks/cancel cancels a task`,
      message,
    },
  ];
}

/**
 * 2025-11-25: a task-augmented request of a type the client declared task support for, when it
 * accepts it, is answered with a CreateTaskResult (without the declaration it may answer plainly).
 */
export function clientTaskAnswerRules(
  message: JsonObject,
  request: { method: string; params: JsonObject },
  state: RunState,
): Breach[] {
  if (state.revision !== "2025-11-25" || !isObject(request.params.task) || !isObject(message.result))
    return [];
  const own = known.get(state)?.own;
  if (own === undefined || !declares(own, request.method)) return [];
  const task = message.result.task;
  if (isObject(task) && typeof task.taskId === "string" && typeof task.status === "string") return [];
  return [
    {
      requirement: "tasks.client-receiver.create-task-result",
      detail: "a task-augmented request answered without a task (taskId and status)",
      message,
    },
  ];
}

/** Per task (2026-07-28 tasks extension): the input keys it ever asked for, and those answered so far. */
const inputs = new WeakMap<RunState, Map<string, { open: Set<string>; answered: Set<string> }>>();

/** A server message carrying a task in input_required: its outstanding inputRequests keys. */
export function rememberTaskInputs(message: Json, state: RunState): void {
  if (state.revision < "2026-07-28" || !isObject(message)) return;
  const task = isObject(message.result)
    ? message.result
    : isObject(message.params)
      ? message.params
      : undefined;
  if (task === undefined || typeof task.taskId !== "string" || task.status !== "input_required") return;
  if (!isObject(task.inputRequests)) return;
  let byTask = inputs.get(state);
  if (byTask === undefined) {
    byTask = new Map();
    inputs.set(state, byTask);
  }
  const entry = byTask.get(task.taskId) ?? { open: new Set<string>(), answered: new Set<string>() };
  for (const key of Object.keys(task.inputRequests)) if (entry.open.size < LIMIT_TASKS) entry.open.add(key);
  if (byTask.size < LIMIT_TASKS) byTask.set(task.taskId, entry);
}

const LIMIT_TASKS = 1000;

/**
 * A tasks/update the client sent (2026-07-28): its inputResponses answer keys the task's
 * inputRequests listed, and (SHOULD) none it answered before.
 */
export function clientTaskUpdateRules(message: JsonObject, state: RunState): Breach[] {
  if (state.revision < "2026-07-28" || message.method !== "tasks/update") return [];
  const params = isObject(message.params) ? message.params : {};
  const responses = isObject(params.inputResponses) ? Object.keys(params.inputResponses) : [];
  const entry = typeof params.taskId === "string" ? inputs.get(state)?.get(params.taskId) : undefined;
  if (entry === undefined) return [];
  const out: Breach[] = [];
  for (const key of responses) {
    if (entry.answered.has(key))
      out.push({
        requirement: "tasks-extension.client.answer-once",
        detail: `tasks/update answers input ${key} of task ${params.taskId} again`,
        message,
      });
    else if (!entry.open.has(key))
      out.push({
        requirement: "tasks-extension.client.input-requests",
        detail: `tasks/update answers input ${key}, which task ${params.taskId} never asked for`,
        message,
      });
    entry.answered.add(key);
  }
  return out;
}

/** Per task: when the server side last reported it (ms, this process's clock) and its poll interval. */
const polls = new WeakMap<RunState, Map<string, { at: number; interval: number }>>();

/**
 * A response reporting a task (a CreateTaskResult, a tasks/get answer) with a poll interval:
 * `pollInterval` (2025-11-25) or `pollIntervalMs` (2026-07-28), for a task still `working`. Status
 * notifications do not restart the wait: a client polls on the schedule its last response set.
 */
export function rememberTaskPoll(message: Json, state: RunState, now: number): void {
  if (!isObject(message)) return;
  const holder = isObject(message.result) ? message.result : undefined;
  const task = holder !== undefined && isObject(holder.task) ? holder.task : holder;
  if (task === undefined || typeof task.taskId !== "string") return;
  // Only a working task is polled on a schedule; in input_required the client acts on the task.
  const interval =
    task.status !== "working"
      ? undefined
      : state.revision >= "2026-07-28"
        ? task.pollIntervalMs
        : task.pollInterval;
  let byTask = polls.get(state);
  if (byTask === undefined) {
    byTask = new Map();
    polls.set(state, byTask);
  }
  if (typeof interval !== "number" || interval <= 0) byTask.delete(task.taskId);
  else if (byTask.size < LIMIT_TASKS || byTask.has(task.taskId))
    byTask.set(task.taskId, { at: now, interval });
}

/**
 * A tasks/get the client sent: not before the poll interval the server last gave for the task has
 * passed since that response, unless the client acted on the task in between. The runner sees the report before the client does and the request
 * after the client sent it, so the gap it measures is never shorter than the client's own.
 */
export function clientTaskPollRules(message: JsonObject, state: RunState, now: number): Breach[] {
  const params = isObject(message.params) ? message.params : {};
  // Acting on the task (input sent, outcome fetched, cancelled) ends the wait: a client may look
  // at the task's status right after.
  if (
    message.method === "tasks/update" ||
    message.method === "tasks/result" ||
    message.method === "tasks/cancel"
  ) {
    if (typeof params.taskId === "string") polls.get(state)?.delete(params.taskId);
    return [];
  }
  if (message.method !== "tasks/get") return [];
  const last = typeof params.taskId === "string" ? polls.get(state)?.get(params.taskId) : undefined;
  if (last === undefined || now - last.at >= last.interval) return [];
  return [
    {
      requirement:
        state.revision >= "2026-07-28"
          ? "tasks-extension.client.poll-interval"
          : "tasks.requestor.poll-interval",
      detail: `tasks/get for task ${params.taskId} ${Math.round(now - last.at)} ms after a report asking for ${last.interval} ms between polls`,
      message,
    },
  ];
}
