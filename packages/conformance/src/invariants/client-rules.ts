import { type Json, type JsonObject, isObject } from "../model/json.js";
import { clientAnswerRules, clientRequestRules, rememberCursor } from "./client-answer-rules.js";
import { clientOpeningRules, clientOpeningSent } from "./client-opening-rules.js";
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
}
