import type { AuthInfo } from "@mcpkit/core";
import {
  type StreamableHttpHandler,
  type StreamableHttpHandlerOptions,
  createStreamableHttpHandler,
} from "@mcpkit/transport-http";
import { streamableHttpMiddleware } from "@mcpkit/transport-http/node";
import { type ErrorRequestHandler, type Request, type RequestHandler, Router } from "express";
import { bodyParserRefusal } from "./body-errors.js";

/** Options of {@link mcpRouter}: the endpoint's own, plus where the identity comes from. */
export interface McpRouterOptions extends StreamableHttpHandlerOptions {
  /**
   * The identity your own auth middleware established for this request (e.g. from `req.auth`),
   * or undefined. It becomes every message's `authInfo`, which handlers read as `ctx.auth`, and
   * binds a session to its subject. When it gives undefined and `authenticate` is set, that hook
   * checks the request's credentials as usual. Default: none (only `authenticate`, if any).
   */
  readonly auth?: (req: Request) => AuthInfo | undefined;
}

/** An Express router serving the MCP endpoint at its mount path, with the endpoint and its shutdown. */
export interface McpRouter extends Router {
  /** The Streamable HTTP endpoint behind the router. */
  readonly handler: StreamableHttpHandler;
  /**
   * Turns an app-wide `express.json()`'s refusals of this path into the endpoint's own answers
   * (malformed JSON: 400 with JSON-RPC -32700; too large: 413). Mount it right after the router.
   */
  readonly bodyErrors: ErrorRequestHandler;
  /** Ends every session and answers new requests 503; close your HTTP server after it. */
  close(): Promise<void>;
}

/**
 * The Streamable HTTP endpoint (both eras: sessions and stateless) as an Express 5 router:
 * mount it on a path with `app.use`. It takes the body `express.json()` already parsed (or reads
 * it itself when no parser ran), hands the identity of your auth middleware to handlers as
 * `ctx.auth` (`auth`), streams SSE answers as they come, and answers CORS preflights when the
 * endpoint's `cors` is on.
 *
 * @example
 * ```ts
 * import express from "express";
 * import { Server } from "@mcpkit/server";
 * import { mcpRouter } from "@mcpkit/express";
 *
 * const server = new Server({ name: "demo", version: "1.0.0" });
 * const mcp = mcpRouter({
 *   onSession: (t) => server.connect(t),
 *   onStateless: (t) => server.connect(t),
 * });
 * const app = express();
 * app.use(express.json({ limit: "4mb" }));
 * app.use("/mcp", mcp, mcp.bodyErrors);
 * const listening = app.listen(3000, "127.0.0.1");
 * // On shutdown: await mcp.close(); listening.close();
 * ```
 */
export function mcpRouter(options: McpRouterOptions): McpRouter {
  const { auth, ...handlerOptions } = options;
  const handler = createStreamableHttpHandler(handlerOptions);
  // The identity reaches the endpoint as `handle(request, { auth })` does; a throw goes to `next`.
  const endpoint = streamableHttpMiddleware<Request>(handler, auth ? { auth } : {});
  const serve: RequestHandler = (req, res, next) => {
    if (isEmptyParse(req)) req.body = "";
    withOriginalUrl(req, () => endpoint(req, res, next));
  };
  const bodyErrors: ErrorRequestHandler = (error, req, res, next) => {
    const refused = bodyParserRefusal(error);
    if (refused === undefined) return next(error);
    if (refused.kind === "malformed") {
      // The endpoint answers the text as it answers any unparsable body (after Host, Origin and auth).
      req.body = refused.text;
      serve(req, res, next);
      return;
    }
    res.status(refused.status).type("application/json").send(refused.body);
  };
  const router = Router();
  router.all("/", serve);
  return Object.assign(router, { handler, bodyErrors, close: () => handler.close() });
}

/**
 * Serves with `req.url` set to the URL the client addressed (Express strips the mount path),
 * so the endpoint's `authenticate` hook sees the full URL (a DPoP proof's `htu` names it).
 */
function withOriginalUrl(req: Request, serve: () => void): void {
  const mounted = req.url;
  req.url = req.originalUrl;
  try {
    serve();
  } finally {
    req.url = mounted;
  }
}

/** body-parser turns an empty JSON body into `{}`; the endpoint must see it empty (-32700). */
function isEmptyParse(req: Request): boolean {
  const { body } = req as { body?: unknown };
  return (
    req.headers["content-length"] === "0" &&
    typeof body === "object" &&
    body !== null &&
    Object.keys(body).length === 0
  );
}
