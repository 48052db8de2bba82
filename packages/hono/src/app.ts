import type { AuthInfo } from "@mcpkit/core";
import {
  type StreamableHttpHandler,
  type StreamableHttpHandlerOptions,
  createStreamableHttpHandler,
} from "@mcpkit/transport-http";
import { type Context, type Env, Hono } from "hono";
import { readRequest } from "./request.js";
import { waitUntilOf } from "./wait-until.js";

/** Options of {@link mcpApp}: the endpoint's own, plus where the identity comes from. */
export interface McpAppOptions<E extends Env = Env> extends StreamableHttpHandlerOptions {
  /**
   * The identity your own middleware established for this request (e.g. `c.get("jwtPayload")`
   * mapped to an `AuthInfo`), or undefined. It becomes every message's `authInfo`, which
   * handlers read as `ctx.auth`, and binds a session to its subject. When it gives undefined and
   * `authenticate` is set, that hook checks the request's credentials as usual. Default: none.
   */
  readonly auth?: (c: Context<E>) => AuthInfo | undefined;
}

/** A Hono app serving the MCP endpoint at its root, with the endpoint and its shutdown. */
export interface McpApp<E extends Env = Env> extends Hono<E> {
  /** The Streamable HTTP endpoint behind the app. */
  readonly handler: StreamableHttpHandler;
  /** Ends every session and answers new requests 503; stop your HTTP server after it. */
  close(): Promise<void>;
}

/**
 * The Streamable HTTP endpoint (both eras: sessions and stateless) as a Hono 4 app: mount it
 * with `app.route(path, mcp)`. It takes the body a middleware already read through `c.req`
 * (`c.req.json()`, a validator), hands the identity your middleware set to handlers as
 * `ctx.auth` (`auth`), streams SSE answers as they come, and runs wherever Hono runs (it imports
 * nothing from Node). On Workers it hands the request's `executionCtx.waitUntil` to the endpoint,
 * so a task's work and an answer a resumed stream carries go on after the response is complete.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { Server } from "@mcpkit/server";
 * import { mcpApp } from "@mcpkit/hono";
 *
 * const server = new Server({ name: "demo", version: "1.0.0" });
 * const mcp = mcpApp({
 *   onSession: (t) => server.connect(t),
 *   onStateless: (t) => server.connect(t),
 * });
 * const app = new Hono();
 * app.route("/mcp", mcp);
 * export default app; // Workers, Bun, Deno; on Node: serve({ fetch: app.fetch }) of @hono/node-server
 * ```
 */
export function mcpApp<E extends Env = Env>(options: McpAppOptions<E>): McpApp<E> {
  const { auth, ...handlerOptions } = options;
  const handler = createStreamableHttpHandler(handlerOptions);
  const app = new Hono<E>();
  app.all("/", async (c) => {
    const request = await readRequest(c);
    if (request instanceof Response) return request;
    const identity = auth?.(c);
    const waitUntil = waitUntilOf(c);
    return handler.handle(request, {
      ...(identity ? { auth: identity } : {}),
      ...(waitUntil ? { waitUntil } : {}),
    });
  });
  return Object.assign(app, { handler, close: () => handler.close() });
}
