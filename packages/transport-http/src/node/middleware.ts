import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@mcpkit/core";
import type { StreamableHttpHandler } from "../server/handler.js";
import { answersInbound } from "../server/native-handler.js";
import { toWebRequest, writeWebResponse } from "./request.js";
import { answerNatively, unreadable } from "./answer-natively.js";
import { writeReply } from "./write-reply.js";

const MALFORMED = "Bad Request: malformed request line, Host or body";

/** A node:http request as frameworks hand it on: maybe with a body their parser already read. */
export type FrameworkRequest = IncomingMessage & { body?: unknown };

/** Connect/express-style middleware: `(req, res, next)`. */
export type NodeMiddleware<R extends FrameworkRequest = FrameworkRequest> = (
  req: R,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/** Options of {@link streamableHttpMiddleware}. */
export interface MiddlewareOptions<R extends FrameworkRequest = FrameworkRequest> {
  /**
   * Serve only this path (query ignored) and pass other requests to `next`. Default: serve every
   * request given, for mounting on a path (`app.use("/mcp", middleware)`).
   */
  readonly path?: string;
  /**
   * The identity your own auth middleware established for a request (e.g. mapped from what it
   * left on `req`), or undefined. Given, it is the request's identity as `HandleOptions.auth`
   * makes it: every message's `authInfo` (`ctx.auth`), the session bound to its subject, the
   * handler's `authenticate` hook not asked. Undefined: the hook checks the request as usual.
   * Called once per request served, before anything is read; a throw goes to `next` (or is
   * thrown when there is none). Default: none.
   */
  readonly auth?: (req: R) => AuthInfo | undefined;
}

/**
 * The Streamable HTTP endpoint as middleware for express, connect and other frameworks built on
 * node:http. It reads the body itself, or, when a body parser ran first, takes `req.body` (a
 * parsed JSON value, a string or a Buffer). For fastify, pass `request.raw` with `body` set and
 * `reply.raw` after `reply.hijack()`.
 *
 * @example
 * ```ts
 * declare const app: { use(...handlers: unknown[]): void };
 * declare const express: { json(options: { limit: string }): unknown };
 * const handler = createStreamableHttpHandler({ onSession: (t) => server.connect(t) });
 * app.use(express.json({ limit: "4mb" }));
 * app.use("/mcp", streamableHttpMiddleware(handler));
 * ```
 */
export function streamableHttpMiddleware<R extends FrameworkRequest = FrameworkRequest>(
  handler: Pick<StreamableHttpHandler, "handle">,
  options: MiddlewareOptions<R> = {},
): NodeMiddleware<R> {
  return (req, res, next) => {
    if (options.path !== undefined && (req.url ?? "/").split("?")[0] !== options.path) {
      if (next) next();
      else res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return;
    }
    let auth: AuthInfo | undefined;
    try {
      auth = options.auth?.(req);
    } catch (error) {
      if (next) next(error);
      else throw error;
      return;
    }
    let body: string | Uint8Array | undefined;
    let request: Request | undefined;
    try {
      body = bodyOf(req);
      // The package's own handlers are served natively; others need a web Request.
      if (!answersInbound(handler)) request = toWebRequest(req, res, body);
    } catch (error) {
      writeReply(unreadable(error, MALFORMED), res);
      return;
    }
    if (answersInbound(handler)) answerNatively(handler, req, res, body, MALFORMED, auth);
    else if (request)
      void handler
        .handle(request, auth ? { auth } : undefined)
        .then((response) => writeWebResponse(response, res));
  };
}

/**
 * The body to use instead of reading `req`: what a parser left in `req.body`, or nothing when the
 * stream was already read some other way; undefined to read the stream.
 */
function bodyOf(req: FrameworkRequest): string | Uint8Array | undefined {
  const { body } = req;
  if (body === undefined) return req.readableEnded ? "" : undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  // Bodies that are not JSON values (a function, a BigInt) are refused as malformed.
  const text: string | undefined = JSON.stringify(body);
  if (text === undefined) throw new TypeError("req.body is not a JSON value");
  return text;
}
