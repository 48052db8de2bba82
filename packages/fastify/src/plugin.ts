import type { AuthInfo } from "@mcpkit/core";
import {
  DEFAULT_MAX_BODY_BYTES,
  type StreamableHttpHandler,
  type StreamableHttpHandlerOptions,
  createStreamableHttpHandler,
} from "@mcpkit/transport-http";
import { type FrameworkRequest, streamableHttpMiddleware } from "@mcpkit/transport-http/node";
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import { parserRefusal } from "./parser-errors.js";

/** Options of {@link mcpPlugin}: the endpoint's own, plus where the identity comes from. */
export interface McpPluginOptions extends StreamableHttpHandlerOptions {
  /**
   * The identity your own hooks established for this request (e.g. `request.user` of
   * `@fastify/jwt`, mapped to an `AuthInfo`), or undefined. It becomes every message's
   * `authInfo`, which handlers read as `ctx.auth`, and binds a session to its subject. When it
   * gives undefined and `authenticate` is set, that hook checks the request's credentials as
   * usual. Default: none.
   */
  readonly auth?: (request: FastifyRequest) => AuthInfo | undefined;
}

/** A Fastify plugin serving the MCP endpoint at its prefix, with the endpoint and its shutdown. */
export type McpPlugin = FastifyPluginCallback & {
  /** The Streamable HTTP endpoint behind the plugin. */
  readonly handler: StreamableHttpHandler;
  /** Ends every session; `app.close()` does it too (before it stops listening). */
  close(): Promise<void>;
};

/**
 * The Streamable HTTP endpoint (both eras: sessions and stateless) as a Fastify 5 plugin:
 * register it with a `prefix`. It takes the body Fastify's content-type parser made (within the
 * endpoint's `maxBodyBytes`), answers the parser's refusals as the endpoint answers them
 * (malformed JSON 400 with -32700, 413, 415),
 * hands the identity your hooks established to handlers as `ctx.auth` (`auth`), keeps the
 * headers other plugins set on the reply (`@fastify/cors`, `@fastify/helmet`), streams SSE
 * answers as they come, and ends every session when the app closes.
 *
 * @example
 * ```ts
 * import Fastify from "fastify";
 * import { Server } from "@mcpkit/server";
 * import { mcpPlugin } from "@mcpkit/fastify";
 *
 * const server = new Server({ name: "demo", version: "1.0.0" });
 * const app = Fastify();
 * await app.register(
 *   mcpPlugin({ onSession: (t) => server.connect(t), onStateless: (t) => server.connect(t) }),
 *   { prefix: "/mcp" },
 * );
 * await app.listen({ port: 3000, host: "127.0.0.1" });
 * // On shutdown: await app.close(); (ends the sessions first)
 * ```
 */
export function mcpPlugin(options: McpPluginOptions): McpPlugin {
  const { auth, ...handlerOptions } = options;
  const handler = createStreamableHttpHandler(handlerOptions);
  /** Each request's identity, read before the hijack and handed to the endpoint with the request. */
  const identities = new WeakMap<FrameworkRequest, AuthInfo>();
  const endpoint = streamableHttpMiddleware(handler, auth ? { auth: (raw) => identities.get(raw) } : {});
  const bodyLimit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const serve = (request: FastifyRequest, reply: FastifyReply, body?: unknown): void => {
    // Before the hijack: should `auth` throw, Fastify still answers (500, or the error's status).
    const identity = auth?.(request);
    const raw = request.raw as FrameworkRequest;
    if (body !== undefined) raw.body = body;
    // Headers other plugins set on the reply (CORS, security headers) go out with the answer.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    if (identity !== undefined) identities.set(raw, identity);
    endpoint(raw, reply.raw);
  };
  const plugin: FastifyPluginCallback = (instance, _options, done) => {
    instance.addHook("preClose", async () => {
      await handler.close();
    });
    instance.setErrorHandler((error, request, reply) => {
      const refused = parserRefusal(error, bodyLimit);
      if (refused === undefined) throw error;
      if (refused.kind === "serve") return serve(request, reply, refused.body);
      return reply.code(refused.status).type("application/json").send(refused.body);
    });
    // The endpoint's body limit, not Fastify's (1 MiB by default).
    instance.all("/", { bodyLimit }, (request, reply) => serve(request, reply, request.body));
    done();
  };
  return Object.assign(plugin, { handler, close: () => handler.close() });
}
