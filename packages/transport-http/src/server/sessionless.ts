import { type JsonRpcPayload, type RequestId, type ResumedSession, LocalError } from "@mcpkit/core";
import { ASSUMED_REVISION, Header, MediaType } from "../shared/headers.js";
import { isRequest, isResponse, membersOf } from "../shared/messages.js";
import type { InboundRequest } from "./inbound.js";
import type { Reply } from "./reply.js";

/** Requests that only mean something within a session, refused on a sessionless endpoint. */
const NEEDS_A_SESSION = new Set(["resources/subscribe", "resources/unsubscribe"]);

/** The error of a server-to-client request on a sessionless endpoint. */
export function noServerRequests(method: unknown): LocalError {
  return new LocalError(
    "method_unavailable",
    `${String(method)} cannot be sent: server-to-client requests need a session, and this endpoint serves the session era without sessions (sessions: false)`,
  );
}

/**
 * The session a sessionless request continues: the revision its `MCP-Protocol-Version` names (else
 * 2025-03-26, as the specification says to assume), a client whose capabilities are unknown, initialized.
 */
export function sessionlessSession(request: Pick<InboundRequest, "header">): ResumedSession {
  return {
    revision: (request.header(Header.protocolVersion) ?? ASSUMED_REVISION) as ResumedSession["revision"],
    clientInfo: undefined,
    initialized: true,
  };
}

/**
 * A JSON answer refusing the requests of `value` that need a session (-32601, naming why), or
 * undefined when there are none. Only whole refusals: a batch mixing them is refused whole.
 */
export function sessionOnlyRefusal(value: unknown): Reply | undefined {
  const members = membersOf(value);
  const refused = members.filter((m) => isRequest(m) && NEEDS_A_SESSION.has(m.method));
  if (refused.length === 0) return undefined;
  const answers = members
    .filter((m) => isRequest(m))
    .map((m) => ({
      jsonrpc: "2.0",
      id: (m as { id: RequestId }).id,
      error: {
        code: -32601,
        message: `Method not found: ${(m as { method: string }).method} needs a session, and this endpoint serves the session era without sessions`,
      },
    }));
  return {
    status: 200,
    headers: { "content-type": MediaType.json },
    body: JSON.stringify(Array.isArray(value) ? answers : answers[0]),
  };
}

/** Capabilities a sessionless endpoint cannot honour: they need a stream or state between requests. */
function withoutSessionCapabilities(capabilities: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(capabilities)) {
    if (key === "tasks") continue;
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      out[key] = value;
      continue;
    }
    const { listChanged: _l, subscribe: _s, ...rest } = value as Record<string, unknown>;
    out[key] = rest;
  }
  return out;
}

/**
 * The payload a sessionless transport sends: an `initialize` result (answering `initializeId`)
 * without the capabilities that need a session (`listChanged`, `resources.subscribe`, `tasks`);
 * a server-to-client request throws {@link noServerRequests}.
 */
export function sessionlessPayload(
  payload: JsonRpcPayload,
  initializeId: RequestId | undefined,
): JsonRpcPayload {
  for (const member of membersOf(payload)) if (isRequest(member)) throw noServerRequests(member.method);
  if (initializeId === undefined) return payload;
  const rewrite = (member: unknown): unknown => {
    if (!isResponse(member) || member.id !== initializeId) return member;
    const result = (member as { result?: unknown }).result;
    if (typeof result !== "object" || result === null) return member;
    const capabilities = (result as { capabilities?: unknown }).capabilities;
    if (typeof capabilities !== "object" || capabilities === null) return member;
    return {
      ...member,
      result: {
        ...result,
        capabilities: withoutSessionCapabilities(capabilities as Record<string, unknown>),
      },
    };
  };
  return (Array.isArray(payload) ? payload.map(rewrite) : rewrite(payload)) as JsonRpcPayload;
}
