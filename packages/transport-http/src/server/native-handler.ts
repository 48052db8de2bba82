import { type CorsOptions, withCors } from "./cors.js";
import type { InboundRequest } from "./inbound.js";
import { RefusalCode, refusal } from "./refusal.js";
import type { Reply } from "./reply.js";

/**
 * The key of the runtime-neutral entry of the package's handlers: node:http adapters call it with
 * a request read natively, skipping the web `Request`/`Response` of `handle`. Handlers without it
 * (a user's own `{ handle }` wrapper) go through `handle`.
 */
export const answerInbound: unique symbol = Symbol("mcpkit.answerInbound");

/** A handler that answers {@link InboundRequest}s directly. */
export interface InboundHandler {
  [answerInbound](request: InboundRequest): Promise<Reply>;
}

/** Whether `handler` takes {@link InboundRequest}s directly. */
export function answersInbound(handler: object): handler is InboundHandler {
  return answerInbound in handler;
}

/**
 * The reply `route` gives `request`, a 500 when it throws (the error goes to `onError`), with
 * the CORS headers of `cors` when set: the runtime-neutral entry of both endpoints.
 */
export async function guardedReply(
  request: InboundRequest,
  route: (request: InboundRequest) => Promise<Reply>,
  onError: (error: unknown) => void,
  cors: CorsOptions | undefined,
): Promise<Reply> {
  let reply: Reply;
  try {
    reply = await route(request);
  } catch (error) {
    onError(error);
    reply = refusal(500, "Internal error", RefusalCode.internalError);
  }
  return cors ? withCors(reply, request.header("origin"), cors) : reply;
}
