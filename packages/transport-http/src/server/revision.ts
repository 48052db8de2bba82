import { revisionAllowsBatches } from "@mcpkit/core";
import { ASSUMED_REVISION, Header } from "../shared/headers.js";
import { isRequest, membersOf } from "../shared/messages.js";
import type { InboundRequest } from "./inbound.js";
import { refusal } from "./refusal.js";
import type { Reply } from "./reply.js";

/** The first revision with SSE polling (priming events, early close by the server). */
const POLLING_SINCE = "2025-11-25";

/**
 * The revision a request of a session speaks: its `MCP-Protocol-Version`, else the one the
 * session's initialize negotiated, else 2025-03-26 (what the specification says to assume).
 */
export function effectiveRevision(
  request: Pick<InboundRequest, "header">,
  session: { readonly protocolVersion?: string | undefined },
): string {
  return request.header(Header.protocolVersion) ?? session.protocolVersion ?? ASSUMED_REVISION;
}

/** The revision an initialize request asks for (its answer is the first on the stream). */
export function initializeRevision(value: unknown): string | undefined {
  for (const member of membersOf(value)) {
    if (!isRequest(member) || member.method !== "initialize") continue;
    const params = member.params as { protocolVersion?: unknown } | undefined;
    return typeof params?.protocolVersion === "string" ? params.protocolVersion : undefined;
  }
  return undefined;
}

/** Whether SSE streams of `revision` start with a priming event and may be closed early. */
export function polls(revision: string | undefined): boolean {
  return revision !== undefined && revision >= POLLING_SINCE;
}

/** A 400 for a batch the revision does not allow (only 2025-03-26 has batches). */
export function batchRefusal(value: unknown, revision: string | undefined): Reply | undefined {
  if (!Array.isArray(value)) return undefined;
  if (revisionAllowsBatches(revision as Parameters<typeof revisionAllowsBatches>[0])) return undefined;
  return refusal(400, `Invalid Request: batches are not part of protocol revision ${revision}`);
}
