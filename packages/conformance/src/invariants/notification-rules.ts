import { type Json, type JsonObject, isObject } from "../model/json.js";
import { embeddedRequestRules } from "./input-request-rules.js";
import { type RunState, idKey } from "./state.js";
import type { Breach } from "./violation.js";

/** The syslog severities, least severe first. */
const SEVERITIES = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
const LEVELS = new Set(SEVERITIES);
const LIST_CHANGED: Record<string, string> = {
  "notifications/tools/list_changed": "tools",
  "notifications/prompts/list_changed": "prompts",
  "notifications/resources/list_changed": "resources",
};
/** Client capabilities a server request needs (2026-07-28 has no server requests at all). */
const NEEDS: Record<string, string> = {
  "sampling/createMessage": "sampling",
  "elicitation/create": "elicitation",
  "roots/list": "roots",
};

/** The transport's own 2026-07-28 rule against server requests (stdout; a response stream). */
const TRANSPORT_NO_REQUESTS: Record<string, string> = {
  stdio: "stdio.modern.no-server-requests",
  http: "http2026.sse.no-requests",
};

/** The capability rule of the revision: SHOULD up to 2025-03-26, MUST from 2025-06-18. */
function capabilityRule(state: RunState): string {
  return state.revision >= "2025-06-18"
    ? "lifecycle.operation.respect-capabilities-must"
    : "lifecycle.operation.respect-capabilities";
}

function progressRules(params: JsonObject, state: RunState, push: (r: string, d: string) => void): void {
  const token = params.progressToken;
  if (token === undefined) {
    push("progress.notification-token", "a progress notification without a progressToken");
    return;
  }
  if (typeof token !== "string" && !(typeof token === "number" && Number.isInteger(token))) {
    push(
      "progress.token-type",
      `progress token ${JSON.stringify(token ?? null)} is neither a string nor an integer`,
    );
    return;
  }
  const known = state.tokens.get(idKey(token));
  if (known === undefined) {
    push(
      "progress.active-only",
      `progress for token ${JSON.stringify(token)}, which no request of the runner carries`,
    );
    return;
  }
  if (known.done) {
    push(
      "progress.stop-after-completion",
      `progress for token ${JSON.stringify(token)} after its request was answered`,
    );
    return;
  }
  const progress = params.progress;
  if (typeof progress !== "number") return;
  if (known.last !== undefined && progress <= known.last)
    push(
      "progress.increasing",
      `progress went from ${known.last} to ${progress} for token ${JSON.stringify(token)}`,
    );
  known.last = progress;
}

/** The rules of one notification the server sent. */
export function notificationRules(message: JsonObject, state: RunState): Breach[] {
  const out: Breach[] = [];
  const push = (requirement: string, detail: string) => out.push({ requirement, detail, message });
  const params = isObject(message.params) ? message.params : {};
  const method = message.method as string;
  const capabilities = state.serverCapabilities();
  if (method === "notifications/progress") progressRules(params, state, push);
  if (method === "notifications/message") {
    if (!LEVELS.has(String(params.level)))
      push("logging.level-values", `log level ${JSON.stringify(params.level ?? null)}`);
    if (state.revision >= "2026-07-28" && !state.askedForLogs)
      push("logging.modern-opt-in", "a log message although no request of the run asked for a log level");
    if (capabilities !== undefined && !isObject(capabilities.logging))
      push("logging.capability", "a log message from a server that did not declare logging");
    // Over stdio and WebSocket messages arrive in the order sent: after the setLevel answer, the
    // server had the level when it wrote the message.
    const floor = state.logLevel === undefined ? -1 : SEVERITIES.indexOf(state.logLevel);
    const level = SEVERITIES.indexOf(String(params.level));
    if ((state.transport === "stdio" || state.transport === "ws") && level >= 0 && level < floor)
      push(
        "logging.respect-level",
        `a ${String(params.level)} log message after logging/setLevel set ${state.logLevel}`,
      );
  }
  const kind = LIST_CHANGED[method];
  if (kind !== undefined && capabilities !== undefined && state.revision < "2026-07-28") {
    const declared = capabilities[kind];
    if (!isObject(declared) || declared.listChanged !== true)
      push(capabilityRule(state), `${method} without ${kind}.listChanged in the server's capabilities`);
  }
  if (
    method === "notifications/resources/updated" &&
    capabilities !== undefined &&
    state.revision < "2026-07-28"
  ) {
    const resources = capabilities.resources;
    if (!isObject(resources) || resources.subscribe !== true)
      push(
        capabilityRule(state),
        "notifications/resources/updated without resources.subscribe in the server's capabilities",
      );
  }
  return out;
}

/** The rules of one request the server sent to the runner. */
export function serverRequestRules(message: JsonObject, state: RunState): Breach[] {
  const method = message.method as string;
  if (state.revision >= "2026-07-28") {
    const detail = `a 2026-07-28 server sent a ${method} request`;
    const out: Breach[] = [{ requirement: "mrtr.server.no-direct-requests", detail, message }];
    const transport = TRANSPORT_NO_REQUESTS[state.transport];
    if (transport !== undefined) out.push({ requirement: transport, detail, message });
    return out;
  }
  const early: Breach[] =
    state.initializing && !state.initialized && method !== "ping"
      ? [
          {
            requirement: "lifecycle.init.server-waits",
            detail: `a ${method} request before the runner sent notifications/initialized`,
            message,
          },
        ]
      : [];
  return [...early, ...requestKindRules(message, method, state)];
}

/** The capability and shape rules of one session-era server request. */
function requestKindRules(message: JsonObject, method: string, state: RunState): Breach[] {
  const needs = NEEDS[method];
  const declared = needs === undefined ? undefined : state.clientCapabilities[needs];
  const breach = (requirement: string, detail: string): Breach[] => [{ requirement, detail, message }];
  if (needs !== undefined && !isObject(declared))
    return breach(capabilityRule(state), `${method} to a client that did not declare ${needs}`);
  const params = isObject(message.params) ? message.params : {};
  const out: Breach[] = [];
  embeddedRequestRules(method, params, isObject(declared) ? declared : undefined, state.revision, (r, d) =>
    out.push({ requirement: r, detail: d, message }),
  );
  return out;
}

/** Marks progress tokens finished when their request got its final answer. */
export function finishTokens(request: string, result: Json | undefined, state: RunState): void {
  if (
    isObject(result) &&
    ((typeof result.resultType === "string" && result.resultType !== "complete") || isObject(result.task))
  )
    return; // an input round or a task: progress goes on
  for (const token of state.tokens.values()) if (token.request === request) token.done = true;
}
