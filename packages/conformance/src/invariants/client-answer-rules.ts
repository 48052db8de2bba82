import { type Json, type JsonObject, isObject } from "../model/json.js";
import { clientMrtrRequest, clientMrtrResult } from "./client-mrtr-rules.js";
import {
  clientTaskAnswerRules,
  clientTaskNotificationRules,
  clientTaskPollRules,
  clientTaskRequestRules,
  clientTaskUpdateRules,
  rememberTaskFacts,
  rememberTaskInputs,
  rememberTaskPoll,
} from "./client-task-rules.js";
import { type RunState, type SentRequest, idKey } from "./state.js";
import type { Breach } from "./violation.js";

const RELATED = "io.modelcontextprotocol/related-task";
const ACTIONS = new Set(["accept", "decline", "cancel"]);

function metaOf(holder: Json | undefined): JsonObject {
  return isObject(holder) && isObject(holder._meta) ? holder._meta : {};
}

/**
 * A client's result for a request the server side sent it: roots/list, sampling/createMessage and
 * elicitation/create results carry what their type requires, and an answer to a request related
 * to a task names that task in its `_meta` (2025-11-25).
 */
export function clientAnswerRules(message: JsonObject, request: SentRequest, state: RunState): Breach[] {
  const result = message.result;
  if (!isObject(result)) return [];
  const out: Breach[] = clientTaskAnswerRules(message, request, state);
  const push = (requirement: string, detail: string) => out.push({ requirement, detail, message });
  switch (request.method) {
    case "roots/list": {
      const roots = result.roots;
      if (!Array.isArray(roots)) {
        push("roots.list.result", "a roots/list result without a roots array");
        break;
      }
      for (const root of roots) {
        if (!isObject(root) || typeof root.uri !== "string")
          push("roots.list.result", "a root without a uri string");
        else if (root.name !== undefined && typeof root.name !== "string")
          push("roots.list.result", `root ${root.uri} has a name that is not a string`);
        else if (!root.uri.startsWith("file://"))
          push("roots.uri-file", `root URI ${JSON.stringify(root.uri)} is not a file:// URI`);
      }
      break;
    }
    case "sampling/createMessage": {
      // A task-augmented request is answered with a task, not the message.
      if (isObject(request.params.task)) break;
      const missing = ["role", "content", "model"].filter((key) => result[key] === undefined);
      if (missing.length > 0)
        push("sampling.result", `a sampling/createMessage result without ${missing.join(", ")}`);
      break;
    }
    case "elicitation/create": {
      if (isObject(request.params.task)) break;
      if (typeof result.action !== "string" || !ACTIONS.has(result.action))
        push(
          "elicitation.result",
          `an elicitation/create result with action ${JSON.stringify(result.action ?? null)}`,
        );
      else if (result.action !== "accept" && result.content !== undefined)
        push("elicitation.result", `content in an elicitation/create result with action ${result.action}`);
      break;
    }
  }
  const related = metaOf(request.params)[RELATED];
  if (state.revision === "2025-11-25" && isObject(related) && typeof related.taskId === "string") {
    const echoed = metaOf(result)[RELATED];
    if (!isObject(echoed) || echoed.taskId !== related.taskId)
      push(
        "tasks.requestor.related-meta-responses",
        `the answer to ${request.method} (related to task ${related.taskId}) does not carry its related-task _meta`,
      );
  }
  return out;
}

/** Cursors the server side handed out, per list method (bounded). */
const cursors = new WeakMap<RunState, Map<string, Set<string>>>();
/** The method of each request the client sent, by id key (bounded). */
const methods = new WeakMap<RunState, Map<string, string>>();

/** A result the server side sent: remembers its `nextCursor` for the request's method, and task facts. */
export function rememberCursor(message: Json, state: RunState): void {
  rememberTaskInputs(message, state);
  rememberTaskPoll(message, state, performance.now());
  if (!isObject(message) || !isObject(message.result)) return;
  clientMrtrResult(message, state);
  const request = methods.get(state)?.get(idKey(message.id));
  if (request === undefined) return;
  rememberTaskFacts(request, message, state);
  const cursor = message.result.nextCursor;
  if (typeof cursor !== "string") return;
  let byMethod = cursors.get(state);
  if (byMethod === undefined) {
    byMethod = new Map();
    cursors.set(state, byMethod);
  }
  const set = byMethod.get(request) ?? new Set<string>();
  if (set.size < 1000) set.add(cursor);
  byMethod.set(request, set);
}

/**
 * A request the client sent: at 2026-07-28 its `_meta` names the revision, the client's
 * capabilities and (SHOULD) the client; tasks/get, tasks/result and tasks/cancel carry no
 * related-task `_meta` (2025-11-25); a cursor is one the server handed out for that method.
 */
export function clientRequestRules(message: JsonObject, state: RunState): Breach[] {
  const out: Breach[] = [];
  const method = message.method as string;
  const push = (requirement: string, detail: string) => out.push({ requirement, detail, message });
  const params = isObject(message.params) ? message.params : {};
  const meta = metaOf(params);
  if (Object.hasOwn(message, "id")) {
    let byId = methods.get(state);
    if (byId === undefined) {
      byId = new Map();
      methods.set(state, byId);
    }
    if (byId.size < 10_000) byId.set(idKey(message.id), method);
  }
  if (state.revision >= "2026-07-28" && Object.hasOwn(message, "id")) {
    const missing = ["protocolVersion", "clientCapabilities"].filter(
      (key) => meta[`io.modelcontextprotocol/${key}`] === undefined,
    );
    if (missing.length > 0)
      push("lifecycle.meta.required-envelope", `${method} without _meta ${missing.join(" and ")}`);
    if (meta["io.modelcontextprotocol/clientInfo"] === undefined)
      push("lifecycle.meta.client-info", `${method} without _meta clientInfo`);
  }
  if (
    state.revision === "2025-11-25" &&
    (method === "tasks/get" || method === "tasks/result" || method === "tasks/cancel") &&
    meta[RELATED] !== undefined
  )
    push("tasks.requestor.no-related-meta-in-task-requests", `${method} carries the related-task _meta`);
  out.push(
    ...clientTaskRequestRules(message, state),
    ...clientTaskNotificationRules(message, state),
    ...clientMrtrRequest(message, state),
    ...clientTaskUpdateRules(message, state),
    ...clientTaskPollRules(message, state, performance.now()),
  );
  const cursor = params.cursor;
  if (typeof cursor === "string") {
    const handed = cursors.get(state)?.get(method);
    if (handed !== undefined && !handed.has(cursor))
      push(
        "pagination.cursor-opaque",
        `${method} with cursor ${JSON.stringify(cursor)}, which the server never handed out`,
      );
  }
  return out;
}
