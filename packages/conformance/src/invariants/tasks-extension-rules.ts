import { type JsonObject, isObject } from "../model/json.js";
import type { RunState, SentRequest } from "./state.js";
import type { Breach } from "./violation.js";

type Push = (requirement: string, detail: string) => void;

const EXTENSION = "io.modelcontextprotocol/tasks";
const CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
/** RFC 3339 (the ISO 8601 profile the spec links): a date, a time and an offset. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function declaresExtension(capabilities: JsonObject | undefined): boolean {
  const extensions = capabilities?.extensions;
  return isObject(extensions) && isObject(extensions[EXTENSION]);
}

/** Why a CreateTaskResult does not carry the task's fields flat at its top level, or undefined. */
function createProblem(result: JsonObject): string | undefined {
  if (typeof result.taskId !== "string") return "without a string taskId";
  if (typeof result.status !== "string") return "without a status";
  for (const key of ["createdAt", "lastUpdatedAt"]) {
    const value = result[key];
    if (typeof value !== "string" || !TIMESTAMP.test(value))
      return `with ${key} ${JSON.stringify(value ?? null)}, not an ISO 8601 timestamp`;
  }
  const ttl = result.ttlMs;
  if (ttl !== null && !(typeof ttl === "number" && Number.isInteger(ttl) && ttl >= 0))
    return `with ttlMs ${JSON.stringify(ttl ?? null)}, not a number of ms or null`;
  return undefined;
}

/** A CreateTaskResult: only for tools/call, only where both sides declared the extension. */
function createRules(result: JsonObject, request: SentRequest, state: RunState, push: Push): void {
  if (request.method !== "tools/call") {
    push(
      "tasks-extension.result-type.task-only-on-create",
      `a ${request.method} result with resultType "task"`,
    );
    return;
  }
  const problem = createProblem(result);
  if (problem !== undefined) push("tasks-extension.result-type.task", `a CreateTaskResult ${problem}`);
  const meta = isObject(request.params._meta) ? request.params._meta : {};
  const client = meta[CLIENT_CAPABILITIES];
  if (!declaresExtension(isObject(client) ? client : undefined))
    push(
      "tasks-extension.negotiation.no-task-undeclared",
      `a CreateTaskResult to a tools/call whose clientCapabilities do not declare ${EXTENSION}`,
    );
  const server = state.serverCapabilities();
  if (server !== undefined && !declaresExtension(server))
    push(
      "tasks-extension.negotiation.advertise",
      `a CreateTaskResult from a server whose capabilities do not declare ${EXTENSION}`,
    );
}

/** tasks/update and tasks/cancel are acknowledged with an empty result whose resultType is complete. */
function ackRule(result: JsonObject, method: string, push: Push): void {
  const requirement = method === "tasks/update" ? "tasks-extension.update.ack" : "tasks-extension.cancel.ack";
  const extra = Object.keys(result).filter((key) => key !== "resultType" && key !== "_meta");
  if (result.resultType !== "complete" || extra.length > 0)
    push(
      requirement,
      `a ${method} acknowledgement with resultType ${JSON.stringify(result.resultType ?? null)}${extra.length > 0 ? ` and ${extra.join(", ")}` : ""}, not an empty complete result`,
    );
}

/**
 * The 2026-07-28 tasks extension's rules on every result: a CreateTaskResult (resultType "task")
 * only answers tools/call, carries the task's fields flat, and comes only where the request and the
 * server declared the extension; tasks/get says resultType complete; tasks/update and tasks/cancel
 * are acknowledged with an empty complete result; a server declaring the extension does not also
 * advertise the 2025-11-25 tasks capability.
 */
export function tasksExtensionRules(message: JsonObject, request: SentRequest, state: RunState): Breach[] {
  if (state.revision < "2026-07-28" || !isObject(message.result)) return [];
  const result = message.result;
  const out: Breach[] = [];
  const push: Push = (requirement, detail) => out.push({ requirement, detail, message });
  if (result.resultType === "task") createRules(result, request, state, push);
  if (request.method === "tasks/get" && result.resultType !== "complete")
    push(
      "tasks-extension.get.result-type-complete",
      `a tasks/get result with resultType ${JSON.stringify(result.resultType ?? null)}`,
    );
  if (request.method === "tasks/update" || request.method === "tasks/cancel")
    ackRule(result, request.method, push);
  if (request.method === "server/discover" && isObject(result.capabilities)) {
    const capabilities = result.capabilities;
    if (declaresExtension(capabilities) && capabilities.tasks !== undefined)
      push(
        "tasks-extension.compat.no-legacy-capability",
        `server/discover declares ${EXTENSION} and also the 2025-11-25 tasks capability`,
      );
  }
  return out;
}
