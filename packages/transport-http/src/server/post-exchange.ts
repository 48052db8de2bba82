import { requestIdsOf } from "../shared/messages.js";
import { Header, MediaType } from "../shared/headers.js";
import type { Verified } from "./authenticate.js";
import type { InboundRequest } from "./inbound.js";
import { contextOf } from "./message-context.js";
import { type AnswerForms, answerMode } from "./negotiate.js";
import type { JsonResponse } from "./options.js";
import { type Reply, emptyReply } from "./reply.js";
import { polls } from "./revision.js";
import type { HttpServerTransport } from "./session-transport.js";

const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-type": MediaType.sse,
  "cache-control": "no-cache",
  "x-accel-buffering": "no",
});
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ "content-type": MediaType.json });

/** The headers of an SSE answer (also the GET stream's). */
export const SSE_REPLY_HEADERS = SSE_HEADERS;

/** How one POST is delivered to its session. */
export interface PostDelivery {
  readonly value: unknown;
  readonly forms: AnswerForms;
  readonly verified: Verified | undefined;
  readonly jsonResponse: JsonResponse;
  /** The revision the POST speaks (its answer streams poll from 2025-11-25 on). */
  readonly revision: string | undefined;
  /** Whether the POST made the session: its answer names it in `Mcp-Session-Id`. */
  readonly created: boolean;
}

/** Whether every member of a POST is a `tasks/get` request. */
function onlyTaskPolls(value: unknown): boolean {
  const members = Array.isArray(value) ? value : [value];
  return members.every((member) => (member as { method?: unknown } | null)?.method === "tasks/get");
}

/**
 * Delivers a POST's messages to `session` and answers it: 202 for notifications and responses
 * only; else the answer's stream (made before delivery, so an answer the engine gives at once has
 * somewhere to go), as JSON or SSE once the form is decided.
 */
export async function deliverPost(
  session: HttpServerTransport,
  request: InboundRequest,
  delivery: PostDelivery,
): Promise<Reply> {
  const { value, verified } = delivery;
  const ids = requestIdsOf(value);
  const context = contextOf(request, verified);
  if (ids.length === 0) {
    session.receive(value, context);
    // The client's next request may reach another process: it must find what this one recorded.
    const write = session.fleet?.takeWrite();
    if (write) await write;
    return emptyReply(202);
  }
  const sink = request.openBody();
  const mode = answerMode(delivery.jsonResponse, delivery.forms, onlyTaskPolls(value));
  // A sessionless answer has nothing to resume with: no priming event.
  const polling = polls(delivery.revision) && !session.sessionless;
  const stream = session.openRequestStream(ids, Array.isArray(value), mode, polling, sink);
  session.receive(value, context);
  const decided = stream.form();
  const form = typeof decided === "string" ? decided : await decided;
  let headers = form === "sse" ? SSE_HEADERS : JSON_HEADERS;
  // The one request of this POST was refused for its credentials: that status and challenge.
  const refused = stream.statusDecided();
  if (refused) headers = { ...headers, ...refused.headers };
  if (delivery.created) headers = { ...headers, [Header.sessionId]: session.sessionId };
  return { status: refused?.status ?? 200, headers, body: sink };
}
