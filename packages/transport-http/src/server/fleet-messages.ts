import type { JsonRpcPayload, RequestId } from "@mcpkit/core";
import { idKey, isRequest, isResponse, membersOf } from "../shared/messages.js";
import type { FleetSession } from "./fleet-session.js";

/** What the client's `initialize` says about it, for the session's record. */
export interface ClientDescription {
  readonly capabilities: Record<string, unknown>;
  readonly info?: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The client's description from its `initialize` params. */
export function describedClient(params: unknown): ClientDescription {
  const given = (isObject(params) ? params : {}) as { capabilities?: unknown; clientInfo?: unknown };
  return {
    capabilities: isObject(given.capabilities) ? given.capabilities : {},
    ...(isObject(given.clientInfo) ? { info: given.clientInfo } : {}),
  };
}

/**
 * A rebuilt copy's outbound payload: its server requests carry its tag in their ids (so the
 * client's answers find their way back through any process), and so does the server cancelling
 * one of them.
 */
export function taggedPayload(payload: JsonRpcPayload, fleet: FleetSession): JsonRpcPayload {
  const retag = (member: unknown): unknown => {
    if (isRequest(member)) return { ...member, id: fleet.outboundId(member.id) };
    const note = member as { method?: unknown; params?: { requestId?: RequestId } };
    if (note.method === "notifications/cancelled" && note.params?.requestId !== undefined)
      return { ...note, params: { ...note.params, requestId: fleet.outboundId(note.params.requestId) } };
    return member;
  };
  return (Array.isArray(payload) ? payload.map(retag) : retag(payload)) as JsonRpcPayload;
}

/**
 * The level a successful answer in `payload` set, among the `logging/setLevel` requests waiting
 * in `levels` (answered ones are removed from it).
 */
export function levelSet(
  payload: JsonRpcPayload,
  answered: readonly RequestId[],
  levels: Map<string, string>,
): string | undefined {
  let set: string | undefined;
  for (const id of answered) {
    const level = levels.get(idKey(id));
    if (level === undefined) continue;
    levels.delete(idKey(id));
    const ok = membersOf(payload).some((m) => isResponse(m) && m.id === id && "result" in (m as object));
    if (ok) set = level;
  }
  return set;
}
