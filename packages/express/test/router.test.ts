import { AuthenticationError } from "@mcpkit/core";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { type McpRouter, type McpRouterOptions, mcpRouter } from "../src/index.js";
import { initialize, jsonHeaders, whoami, whoamiServer } from "./helpers/app.js";
import { type Listening, listen } from "./helpers/listen.js";

/** Identities an app's own auth middleware puts on `req.user`, by bearer token. */
const users: Record<string, { id: string; scopes: string[] }> = {
  "token-ada": { id: "ada", scopes: ["mcp:tools"] },
  "token-bob": { id: "bob", scopes: [] },
};

/** What the app's auth middleware adds to a request. */
type WithUser = { user?: { id: string; scopes: string[] } };

describe("mcpRouter", () => {
  let listening: Listening | undefined;
  let mcp: McpRouter | undefined;
  afterEach(async () => {
    await mcp?.close();
    await listening?.close();
    mcp = undefined;
    listening = undefined;
  });

  /** Serves whoami at /mcp behind `express.json()` (unless `parse` is false) and an auth middleware. */
  async function start(options: Partial<McpRouterOptions> = {}, parse = true): Promise<string> {
    const server = whoamiServer();
    mcp = mcpRouter({
      onSession: (t) => server.connect(t),
      onStateless: (t) => server.connect(t),
      auth: (req) => {
        const { user } = req as WithUser;
        return user ? { token: "session", subject: user.id, scopes: user.scopes } : undefined;
      },
      ...options,
    });
    const app = express();
    if (parse) app.use(express.json({ limit: "4mb" }));
    app.use((req, _res, next) => {
      const token = req.headers.authorization?.replace(/^Bearer /, "");
      if (token !== undefined) (req as WithUser).user = users[token];
      next();
    });
    app.use("/mcp", mcp);
    app.use("/mcp", mcp.bodyErrors);
    listening = await listen(app);
    return `${listening.origin}/mcp`;
  }

  it("hands the identity of the app's auth middleware to handlers as ctx.auth, in both eras", async () => {
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

  it("falls back to `authenticate` when the middleware established no identity", async () => {
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
    // The hook sees the URL the client addressed, mount path included.
    expect(seen.at(-1)).toBe(url);
  });

  it("takes the body express.json() parsed, and reads it itself when no parser ran", async () => {
    for (const parse of [true, false]) {
      const url = await start({}, parse);
      const answer = await fetch(url, { method: "POST", headers: jsonHeaders, body: initialize });
      expect(answer.status).toBe(200);
      expect((await answer.json()).result.serverInfo.name).toBe("express-test");
      await mcp?.close();
      await listening?.close();
    }
    mcp = undefined;
    listening = undefined;
  });

  it("answers express.json()'s refusals as the endpoint does: malformed JSON, empty body, too large", async () => {
    const url = await start();
    const malformed = await fetch(url, { method: "POST", headers: jsonHeaders, body: '{"jsonrpc":' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe(-32700);
    const empty = await fetch(url, { method: "POST", headers: jsonHeaders, body: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.code).toBe(-32700);
    const big = await fetch(url, { method: "POST", headers: jsonHeaders, body: `"${"x".repeat(5 << 20)}"` });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: `Payload Too Large: the limit is ${4 << 20} bytes` },
    });
  });

  it("serves its mount path only: other paths go on to the app", async () => {
    const url = await start();
    const other = await fetch(`${url}/other`, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(other.status).toBe(404);
    expect(other.headers.get("content-type")).toMatch(/^text\/html/);
    const query = await fetch(`${url}?tenant=1`, { method: "POST", headers: jsonHeaders, body: initialize });
    expect(query.status).toBe(200);
  });

  it("answers CORS preflights and exposes the session header when `cors` is on", async () => {
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
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("mcp-session-id");
    const opened = await fetch(url, {
      method: "POST",
      headers: { ...jsonHeaders, origin },
      body: initialize,
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("access-control-allow-origin")).toBe(origin);
    expect(opened.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("mcp-session-id");
    const foreign = await fetch(url, {
      method: "POST",
      headers: { ...jsonHeaders, origin: "https://evil.example.com" },
      body: initialize,
    });
    expect(foreign.status).toBe(403);
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
