import type { MessageContext } from "@mcpkit/core";
import type { Verified } from "./authenticate.js";
import type { InboundRequest } from "./inbound.js";

/**
 * What the engine learns of a POST beside its JSON: the headers, who sent it (when the endpoint
 * authenticates), and the runtime's `waitUntil` when `handle` was given one.
 */
export function contextOf(request: InboundRequest, verified: Verified | undefined): MessageContext {
  const { waitUntil } = request;
  if (verified) {
    return waitUntil
      ? { headers: verified.headers, authInfo: verified.auth, waitUntil }
      : { headers: verified.headers, authInfo: verified.auth };
  }
  return waitUntil ? { headers: request.headerRecord(), waitUntil } : { headers: request.headerRecord() };
}
