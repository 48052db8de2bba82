import { type Json, type JsonObject, isObject } from "../model/json.js";
import { clientAnswerRules, clientRequestRules, rememberCursor } from "./client-answer-rules.js";
import {
  type ClientHttpSession,
  type ParamHeader,
  clientHttpRules,
  toolParamHeaders,
} from "./client-http-rules.js";
import { clientOpeningRules, clientOpeningSent, clientSessionOpen } from "./client-opening-rules.js";
import { type RunState, idKey } from "./state.js";
import type { Breach } from "./violation.js";

/**
 * The rules a client under test is held to beyond the JSON-RPC envelope: the opening exchange
 * (client-opening-rules.ts), what its requests and its answers to the server's requests carry
 * (client-answer-rules.ts), it answers ping with an empty result, and never reuses a request id
 * (within the session; at 2026-07-28 among its requests still waiting for an answer).
 */
export function clientRules(message: JsonObject, state: RunState): Breach[] {
  const out: Breach[] = clientOpeningRules(message, state);
  if (typeof message.method === "string") {
    out.push(...clientRequestRules(message, state));
    if (!Object.hasOwn(message, "id")) return out;
    const key = idKey(message.id);
    // An initialize opens a new session (a client re-initializes after its session ended).
    if (message.method === "initialize") state.peerIds.clear();
    // Session era: never within the session (one run); 2026-07-28: not among outstanding requests.
    const session = state.revision < "2026-07-28";
    if (session ? state.peerIds.has(key) : state.peerRequests.has(key))
      out.push({
        requirement: "base.request.id-unique",
        detail: session
          ? `request id ${key} reused within the session`
          : `request id ${key} reused while the request with that id is still unanswered`,
        message,
      });
    state.peerRequests.add(key);
    if (state.peerIds.size < 10_000) state.peerIds.add(key);
    return out;
  }
  const request = state.requests.get(idKey(message.id));
  if (request !== undefined) out.push(...clientAnswerRules(message, request, state));
  if (request?.method === "ping" && isObject(message.result)) {
    if (Object.keys(message.result).some((key) => key !== "_meta"))
      out.push({ requirement: "ping.respond", detail: "a ping answered with a non-empty result", message });
  }
  return out;
}

/** A message the server side sent the client under test (what the client rules need to know). */
export function clientSent(message: Json, state: RunState): void {
  clientOpeningSent(message, state);
  rememberCursor(message, state);
  const tools = isObject(message) && isObject(message.result) ? message.result.tools : undefined;
  if (state.transport !== "http" || !Array.isArray(tools)) return;
  const headers = httpSessionOf(state).toolHeaders as Map<string, readonly ParamHeader[]>;
  for (const tool of tools) {
    if (!isObject(tool) || typeof tool.name !== "string" || headers.size >= 10_000) continue;
    const found = toolParamHeaders(tool.inputSchema ?? null);
    if (found === undefined) headers.delete(tool.name);
    else headers.set(tool.name, found);
  }
}

/** Per run over Streamable HTTP: what the client's HTTP requests are judged against. */
const httpSessions = new WeakMap<RunState, ClientHttpSession>();

function httpSessionOf(state: RunState): ClientHttpSession {
  let session = httpSessions.get(state);
  if (session === undefined) {
    session = { revision: state.revision, initialized: false, toolHeaders: new Map() };
    httpSessions.set(state, session);
  }
  return session;
}

/**
 * The head of the HTTP POST that carried one message of a client under test in a scenario run
 * (the runner is its server): the Streamable HTTP rules that need no knowledge of the session id
 * the runner handed out (Accept, MCP-Protocol-Version after initialization, the 2026-07-28 headers
 * and x-mcp-header mirroring, bearer tokens). `client --observe` judges the session ids too.
 */
export function clientHttpRequestRules(
  headers: Record<string, string>,
  message: Json,
  state: RunState,
): Breach[] {
  const session = httpSessionOf(state);
  // An initialize opens a new session: it is not "after initialization" (a re-initialize after a 404).
  session.initialized = clientSessionOpen(state) && !(isObject(message) && message.method === "initialize");
  return clientHttpRules({ method: "POST", headers, body: message }, session);
}
