import fastifyCors from "@fastify/cors";
import { AuthenticationError } from "@mcpkit/core";
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from "@mcpkit/transport-http";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { type McpPlugin, type McpPluginOptions, mcpPlugin } from "../src/index.js";
import { initialize, jsonHeaders, whoami, whoamiServer } from "./helpers/app.js";
import { type Listening, listen } from "./helpers/listen.js";

/** Identities the app's own hook puts on `request.user`, by bearer token. */
const users: Record<string, { id: string; scopes: string[] }> = {
  "token-ada": { id: "ada", scopes: ["mcp:tools"] },
  "token-bob": { id: "bob", scopes: [] },
};
type WithUser = FastifyRequest & { user?: { id: string; scopes: string[] } };

describe("mcpPlugin", () => {
  let listening: Listening | undefined;
  let mcp: McpPlugin | undefined;
  afterEach(async () => {
    await listening?.close();
    mcp = undefined;
    listening = undefined;
  });

  /** Serves whoami at /mcp behind an auth hook (and `before`, when given). */
  async function start(
    options: Partial<McpPluginOptions> = {},
    before?: (app: FastifyInstance) => Promise<void>,
  ): Promise<string> {
    const server = whoamiServer();
    mcp = mcpPlugin({
      onSession: (t) => server.connect(t),
      onStateless: (t) => server.connect(t),
      auth: (request) => {
        const { user } = request as WithUser;
        return user ? { token: "session", subject: user.id, scopes: user.scopes } : undefined;
      },
      ...options,
    });
    const app = Fastify();
    await before?.(app);
    app.decorateRequest("user", undefined);
    app.addHook("onRequest", async (request) => {
      const token = request.headers.authorization?.replace(/^Bearer /, "");
      if (token !== undefined) (request as WithUser).user = users[token];
    });
    await app.register(mcp, { prefix: "/mcp" });
    listening = await listen(app);
    return `${listening.origin}/mcp`;
  }

  it("hands the identity of the app's hook to handlers as ctx.auth, in both eras", async () => {
    const url = await start();
    const ada = { authorization: "Bearer token-ada" };
    expect(await whoami(url, "session", ada)).toBe("session ada mcp:tools");
    expect(await whoami(url, "stateless", ada)).toBe("stateless ada mcp:tools");
    expect(await whoami(url, "stateless")).toBe("stateless anonymous ");
  });

  it("binds a session to the hook's subject: another user's request on it gets 403", async () => {
    const url = await start();
    const opened = await fetch(url, {
      method: "POST",
      headers: { ...jsonHeaders, authorization: "Bearer token-ada" },
      body: initialize,
    });
    expect(opened.status).toBe(200);
    const session = opened.headers.get("mcp-session-id") ?? "";
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
    const headers = { ...jsonHeaders, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" };
    const bob = await fetch(url, {
      method: "POST",
      headers: { ...headers, authorization: "Bearer token-bob" },
      body: ping,
    });
    expect(bob.status).toBe(403);
    expect((await bob.json()).error.code).toBe(-32003);
    const ada = await fetch(url, {
      method: "POST",
      headers: { ...headers, authorization: "Bearer token-ada" },
      body: ping,
    });
    expect(await ada.json()).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
  });

  it("falls back to `authenticate` when the hook established no identity", async () => {
    const seen: string[] = [];
    const url = await start({
      authenticate: (request) => {
        seen.push(request.url);
        if (request.headers["x-api-key"] !== "k1")
          throw new AuthenticationError(401, "invalid_token", "no key");
        return { token: "k1", subject: "service" };
      },
    });
    expect(await whoami(url, "stateless", { authorization: "Bearer token-bob" })).toBe("stateless bob ");
    expect(await whoami(url, "stateless", { "x-api-key": "k1" })).toBe("stateless service ");
    const refused = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "invalid_token", error_description: "no key" });
    expect(seen.at(-1)).toBe(url);
  });

  it("takes the body Fastify parsed, which the app's hooks see too", async () => {
    const methods: string[] = [];
    const url = await start({}, async (app) => {
      app.addHook("preHandler", async (request) => {
        methods.push((request.body as { method: string }).method);
      });
    });
    const answer = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(answer.status).toBe(200);
    expect((await answer.json()).result.serverInfo.name).toBe("fastify-test");
    expect(methods).toEqual(["initialize"]);
  });

  it("answers the parser's refusals as the endpoint does: malformed, empty, too large, other media type", async () => {
    const url = await start({ maxBodyBytes: 1000 });
    const malformed = await fetch(url, { method: "POST", headers: jsonHeaders, body: '{"jsonrpc":' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe(-32700);
    const empty = await fetch(url, { method: "POST", headers: jsonHeaders, body: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toEqual({
      code: -32700,
      message: "Parse error: Unexpected end of JSON input",
    });
    const big = await fetch(url, { method: "POST", headers: jsonHeaders, body: `"${"x".repeat(2000)}"` });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Payload Too Large: the limit is 1000 bytes" },
    });
    const text = await fetch(url, {
      method: "POST",
      headers: { ...jsonHeaders, "content-type": "text/plain" },
      body: initialize,
    });
    expect(text.status).toBe(415);
    expect((await text.json()).error.message).toBe(
      "Unsupported Media Type: Content-Type must be application/json",
    );
  });

  it("serves its prefix only: other paths go on to the app", async () => {
    const url = await start();
    const other = await fetch(`${url}/other`, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(other.status).toBe(404);
    expect((await other.json()).error).toBe("Not Found");
    const query = await fetch(`${url}?tenant=1`, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(query.status).toBe(200);
  });

  it("answers CORS with the endpoint's own `cors`", async () => {
    const origin = "https://app.example.com";
    const url = await start({ cors: true, allowedOrigins: [origin] });
    const preflight = await fetch(url, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "mcp-session-id",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
    const opened = await fetch(url, {
      method: "POST",
      headers: { ...jsonHeaders, origin },
      body: initialize,
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("mcp-session-id");
  });

  it("keeps the headers @fastify/cors set on the reply", async () => {
    const origin = "https://app.example.com";
    const url = await start({ allowedOrigins: [origin] }, async (app) => {
      await app.register(fastifyCors, {
        origin,
        allowedHeaders: [...CORS_ALLOW_HEADERS],
        exposedHeaders: [...CORS_EXPOSE_HEADERS],
      });
    });
    const preflight = await fetch(url, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "mcp-session-id",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("mcp-session-id");
    const opened = await fetch(url, {
      method: "POST",
      headers: { ...jsonHeaders, origin },
      body: initialize,
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("access-control-allow-origin")).toBe(origin);
    expect(opened.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("mcp-session-id");
    expect(opened.headers.get("mcp-session-id")).toMatch(/./);
  });

  it("shuts down with app.close(): the sessions end and their open streams close", async () => {
    const url = await start();
    const opened = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
    const session = opened.headers.get("mcp-session-id") ?? "";
    const stream = await fetch(url, {
      headers: {
        accept: "text/event-stream",
        "mcp-session-id": session,
        "mcp-protocol-version": "2025-06-18",
      },
    });
    expect(stream.status).toBe(200);
    expect(mcp?.handler.sessionCount).toBe(1);
    const ended = stream.text();
    await listening?.close();
    listening = undefined;
    expect(mcp?.handler.sessionCount).toBe(0);
    expect(await ended).toBe("");
  });
});
