import type { AuthInfo, JsonObject, MessageContext, Params, RequestId } from "@mcpkit/core";
import type { Era, Revision } from "@mcpkit/schema";
import type { ClientDescription } from "./context.js";
import type { ServerSession } from "./session.js";

/** An inbound request as middleware sees it. */
export interface InboundRequest {
  readonly method: string;
  readonly params: Params;
  readonly requestId: RequestId;
  readonly revision: Revision;
  readonly era: Era;
  readonly signal: AbortSignal;
  readonly client: ClientDescription;
  readonly transport: MessageContext;
  /** Who sent the request (the transport's verified `authInfo`); undefined when anonymous. */
  readonly auth: AuthInfo | undefined;
  readonly session: ServerSession;
}

/**
 * Runs around every inbound request, built-ins (`initialize`, `ping`, `server/discover`) included,
 * in the order added: the first added is the outermost. Call `next()` to continue, or return (or
 * throw `McpError`, or `AuthenticationError` for a 401/403 with a challenge) to answer without it.
 *
 * @example
 * ```ts
 * server.use(async (request, next) => {
 *   const started = Date.now();
 *   try {
 *     return await next();
 *   } finally {
 *     console.error(`${request.method} took ${Date.now() - started} ms`);
 *   }
 * });
 * // Only members of the "ops" group may call tools (the transport's `authenticate` hook verified
 * // the token; over stdio there is none, so every call is refused there).
 * server.use((request, next) => {
 *   const groups = request.auth?.claims?.groups;
 *   if (request.method === "tools/call" && !(Array.isArray(groups) && groups.includes("ops")))
 *     throw new AuthenticationError(403, "insufficient_scope", "tools are for the ops group");
 *   return next();
 * });
 * ```
 */
export type Middleware = (request: InboundRequest, next: () => Promise<JsonObject>) => Promise<JsonObject>;

/** Runs `last` inside the chain. */
export function runChain(
  chain: readonly Middleware[],
  request: InboundRequest,
  last: () => Promise<JsonObject>,
): Promise<JsonObject> {
  const step = (i: number): Promise<JsonObject> => {
    const middleware = chain[i];
    if (!middleware) return last();
    let called = false;
    return Promise.resolve(
      middleware(request, () => {
        if (called) return Promise.reject(new Error("next() called twice by one middleware"));
        called = true;
        return step(i + 1);
      }),
    );
  };
  return step(0);
}
