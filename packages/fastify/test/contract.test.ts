import type { AuthInfo } from "@mcpkit/core";
import { frameworkContract, identityOf } from "@mcpkit/framework-contract";
import fastifyCors from "@fastify/cors";
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from "@mcpkit/transport-http";
import Fastify, { type FastifyRequest } from "fastify";
import { mcpPlugin } from "../src/index.js";

frameworkContract("Fastify 5", async (options, corsOrigin) => {
  // Where the app's auth hook keeps who is calling (request.user of @fastify/jwt in real apps).
  const identities = new WeakMap<FastifyRequest, AuthInfo>();
  const mcp = mcpPlugin({ ...options, auth: (request) => identities.get(request) });
  let parsed = 0;
  const app = Fastify();
  if (corsOrigin !== undefined) {
    await app.register(fastifyCors, {
      origin: corsOrigin,
      allowedHeaders: [...CORS_ALLOW_HEADERS],
      exposedHeaders: [...CORS_EXPOSE_HEADERS],
    });
  }
  app.addHook("onRequest", async (request) => {
    const identity = identityOf(request.headers.authorization);
    if (identity) identities.set(request, identity);
  });
  app.addHook("preHandler", async (request) => {
    if (request.body !== undefined) parsed++;
  });
  await app.register(async (api) => api.register(mcp, { prefix: "/mcp" }), { prefix: "/api" });
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: `${origin}/api/mcp`,
    handler: mcp.handler,
    parsed: () => parsed,
    closeEndpoint: () => mcp.close(),
    close: () => app.close(),
  };
});
