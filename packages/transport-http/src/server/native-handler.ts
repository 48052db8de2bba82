import type { InboundRequest } from "./inbound.js";
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
