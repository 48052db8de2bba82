import { type Json, type JsonObject, isObject } from "../model/json.js";
import type { RunState } from "./state.js";
import type { Breach } from "./violation.js";

/** What the server side told the client under test about tasks: its capabilities and tools. */
interface TaskKnowledge {
  /** `capabilities.tasks.requests` from the initialize result (undefined before it). */
  requests?: JsonObject;
  /** Tools listed so far, by name: their `execution.taskSupport` ("forbidden" when absent). */
  readonly tools: Map<string, string>;
}

const known = new WeakMap<RunState, TaskKnowledge>();

function knowledgeOf(state: RunState): TaskKnowledge {
  let k = known.get(state);
  if (k === undefined) {
    k = { tools: new Map() };
    known.set(state, k);
  }
  return k;
}

/** A result the server side sent for the client's `method` request: capabilities and tool listings. */
export function rememberTaskFacts(method: string, message: Json, state: RunState): void {
  if (!isObject(message) || !isObject(message.result)) return;
  const result = message.result;
  const k = knowledgeOf(state);
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
