import { AuthenticationError } from "@mcpkit/core";
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from "@mcpkit/transport-http";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { afterEach, describe, expect, it } from "vitest";
import { type McpApp, type McpAppOptions, mcpApp } from "../src/index.js";
import { initialize, jsonHeaders, whoami, whoamiServer } from "./helpers/app.js";
import { type Listening, listen } from "./helpers/listen.js";

/** Identities the app's own auth middleware sets as `c.var.user`, by bearer token. */
const users: Record<string, { id: string; scopes: string[] }> = {
  "token-ada": { id: "ada", scopes: ["mcp:tools"] },
  "token-bob": { id: "bob", scopes: [] },
};
type AppEnv = { Variables: { user?: { id: string; scopes: string[] } } };

describe("mcpApp", () => {
  let listening: Listening | undefined;
  let mcp: McpApp<AppEnv> | undefined;
  afterEach(async () => {
    await mcp?.close();
    await listening?.close();
    mcp = undefined;
    listening = undefined;
  });

  /** Serves whoami at /mcp behind an auth middleware (and `before`, when given). */
  async function start(
    options: Partial<McpAppOptions<AppEnv>> = {},
    before?: (app: Hono<AppEnv>) => void,
  ): Promise<string> {
    const server = whoamiServer();
    mcp = mcpApp<AppEnv>({
      onSession: (t) => server.connect(t),
      onStateless: (t) => server.connect(t),
      auth: (c) => {
        const user = c.get("user");
        return user ? { token: "session", subject: user.id, scopes: user.scopes } : undefined;
      },
      ...options,
    });
    const app = new Hono<AppEnv>();
    before?.(app);
    app.use(async (c, next) => {
      const token = c.req.header("authorization")?.replace(/^Bearer /, "");
      if (token !== undefined) c.set("user", users[token]);
      await next();
    });
    app.route("/mcp", mcp);
    listening = await listen(app);
    return `${listening.origin}/mcp`;
  }

  it("hands the identity of the app's middleware to handlers as ctx.auth, in both eras", async () => {
    const url = await start();
    const ada = { authorization: "Bearer token-ada" };
    expect(await whoami(url, "session", ada)).toBe("session ada mcp:tools");
    expect(await whoami(url, "stateless", ada)).toBe("stateless ada mcp:tools");
    expect(await whoami(url, "stateless")).toBe("stateless anonymous ");
  });

  it("binds a session to the middleware's subject: another user's request on it gets 403", async () => {
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

  it("falls back to `authenticate` when the middleware set no identity", async () => {
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

  it("takes a body a middleware already read through c.req, as JSON or as text", async () => {
    const methods: string[] = [];
    const url = await start({}, (app) =>
      app.use(async (c, next) => {
        if (c.req.header("x-read") === "json") methods.push((await c.req.json()).method);
        if (c.req.header("x-read") === "text") methods.push(JSON.parse(await c.req.text()).method);
        await next();
      }),
    );
    for (const read of ["json", "text"]) {
      const answer = await fetch(url, {
        method: "POST",
        headers: { ...jsonHeaders, "x-read": read },
        body: initialize,
      });
      expect(answer.status).toBe(200);
      expect((await answer.json()).result.serverInfo.name).toBe("hono-test");
    }
    expect(methods).toEqual(["initialize", "initialize"]);
  });

  it("answers a body a middleware failed to parse as the endpoint answers unparsable JSON", async () => {
    const url = await start({}, (app) =>
      app.use(async (c, next) => {
        await c.req.json().catch(() => undefined);
        await next();
      }),
    );
    const malformed = await fetch(url, { method: "POST", headers: jsonHeaders, body: '{"jsonrpc":' });
    expect(malformed.status).toBe(400);
    const { error } = await malformed.json();
    expect(error.code).toBe(-32700);
    // The endpoint's own message: JSON.parse's, on the text Hono kept.
    expect(error.message).toBe("Parse error: Unexpected end of JSON input");
  });

  it("serves its mount path only: other paths go on to the app", async () => {
    const url = await start();
    const other = await fetch(`${url}/other`, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(other.status).toBe(404);
    expect(await other.text()).toBe("404 Not Found");
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
    const foreign = await fetch(url, {
      method: "POST",
      headers: { ...jsonHeaders, origin: "https://evil.example.com" },
      body: initialize,
    });
    expect(foreign.status).toBe(403);
  });

  it("works behind hono/cors given the endpoint's header lists", async () => {
    const origin = "https://app.example.com";
    const url = await start({ allowedOrigins: [origin] }, (app) =>
      app.use(
        "/mcp",
        cors({ origin, allowHeaders: [...CORS_ALLOW_HEADERS], exposeHeaders: [...CORS_EXPOSE_HEADERS] }),
      ),
    );
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

  it("shuts down cleanly: close() ends the sessions and answers new requests 503", async () => {
    const url = await start();
    const opened = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(opened.status).toBe(200);
    expect(mcp?.handler.sessionCount).toBe(1);
    await mcp?.close();
    expect(mcp?.handler.sessionCount).toBe(0);
    const after = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(after.status).toBe(503);
  });
});
