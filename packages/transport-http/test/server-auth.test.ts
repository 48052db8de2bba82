import { AuthenticationError, type AuthInfo, type Authenticate } from "@mcpkit/core";
import { Server } from "@mcpkit/server";
import { afterEach, describe, expect, it } from "vitest";
import type { ServeOptions, StreamableHttpServer } from "../src/node.js";
import { POST_HEADERS, initializeRequest } from "./helpers.js";
import { forEachHttpPath, serveOnPath } from "./http-paths.js";
import { call, headersFor } from "./stateless-helpers.js";

const CHALLENGE = 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"';
const TOKENS: Record<string, AuthInfo> = {
  "alice-token": { token: "alice-token", subject: "alice", clientId: "app", scopes: ["read"] },
  "bob-token": { token: "bob-token", subject: "bob", clientId: "app", scopes: ["read"] },
  "robot-token": { token: "robot-token", clientId: "robot", scopes: [] },
};

/** Bearer tokens from {@link TOKENS}; anything else (or none) is refused with 401. */
const authenticate: Authenticate = (request) => {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? "");
  const known = match ? TOKENS[match[1] as string] : undefined;
  if (!known) {
    throw new AuthenticationError(401, "invalid_token", "no valid bearer token", {
      "www-authenticate": CHALLENGE,
    });
  }
  return known;
};

/** A server whose `whoami` tool answers with the subject and URL the transport saw; `admin` needs scope `admin`. */
function definition(seen: { urls: string[] }) {
  const server = new Server({ name: "auth-fixture", version: "1.0.0" });
  server.tool({ name: "whoami", inputSchema: { type: "object" } }, (_args, ctx) => ({
    content: [
      {
        type: "text",
        text: ctx.transport.authInfo?.subject ?? ctx.transport.authInfo?.clientId ?? "anonymous",
      },
    ],
  }));
  server.tool({ name: "admin", inputSchema: { type: "object" } }, () => ({ content: [] }));
  server.use((request, next) => {
    if (request.method === "tools/call" && request.params.name === "admin") {
      throw new AuthenticationError(403, "insufficient_scope", "admin needs the admin scope", {
        "www-authenticate": 'Bearer error="insufficient_scope", scope="read admin"',
      });
    }
    return next();
  });
  return { server, seen };
}

let open: StreamableHttpServer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function serve(options: Partial<ServeOptions> = {}) {
  const seen = { urls: [] as string[] };
  const { server } = definition(seen);
  const sessions: number[] = [];
  open = await serveOnPath({
    authenticate: (request) => {
      seen.urls.push(`${request.method} ${request.url}`);
      return authenticate(request);
    },
    onSession: (transport) => {
      sessions.push(1);
      return server.connect(transport);
    },
    onStateless: (transport) => server.connect(transport),
    ...options,
  });
  return { url: open.url, seen, sessions };
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

async function initialize(url: string, token: string): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...POST_HEADERS, ...bearer(token) },
    body: JSON.stringify(initializeRequest()),
  });
  expect(response.status).toBe(200);
  await response.text();
  return response.headers.get("mcp-session-id") as string;
}

function sessionPost(url: string, sessionId: string, token: string, body: object) {
  return fetch(url, {
    method: "POST",
    headers: {
      ...POST_HEADERS,
      ...bearer(token),
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify(body),
  });
}

const toolCall = (id: number, name: string) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: {} },
});

forEachHttpPath(() => {
  describe("Streamable HTTP authenticate (session era)", () => {
    it("answers a request without credentials with 401, the challenge and an OAuth error body, and opens no session", async () => {
      const { url, sessions } = await serve();
      const response = await fetch(url, {
        method: "POST",
        headers: POST_HEADERS,
        body: JSON.stringify(initializeRequest()),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(CHALLENGE);
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(await response.json()).toEqual({
        error: "invalid_token",
        error_description: "no valid bearer token",
      });
      expect(sessions).toEqual([]);
    });

    it("hands the verified AuthInfo to handlers and the full request URL to the hook", async () => {
      const { url, seen } = await serve();
      const sessionId = await initialize(url, "alice-token");
      const response = await sessionPost(url, sessionId, "alice-token", toolCall(2, "whoami"));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: 2,
        result: { content: [{ type: "text", text: "alice" }] },
      });
      expect(seen.urls[0]).toBe(`POST ${url}`);
    });

    it("binds the session to its subject: another subject's token gets 403 on POST, GET and DELETE", async () => {
      const { url } = await serve();
      const sessionId = await initialize(url, "alice-token");
      const expected = {
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32003,
          message:
            "Forbidden: this session was opened by another subject; the credentials presented are not its owner's",
        },
      };
      const post = await sessionPost(url, sessionId, "bob-token", toolCall(3, "whoami"));
      expect(post.status).toBe(403);
      expect(await post.json()).toEqual(expected);
      const sessionHeaders = {
        ...bearer("bob-token"),
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-11-25",
      };
      const get = await fetch(url, { headers: { ...sessionHeaders, accept: "text/event-stream" } });
      expect(get.status).toBe(403);
      expect(await get.json()).toEqual(expected);
      const del = await fetch(url, { method: "DELETE", headers: sessionHeaders });
      expect(del.status).toBe(403);
      await del.text();
      // The owner goes on as before.
      const own = await sessionPost(url, sessionId, "alice-token", toolCall(4, "whoami"));
      expect(await own.json()).toMatchObject({ id: 4, result: { content: [{ text: "alice" }] } });
    });

    it("binds a token without a subject by its client id", async () => {
      const { url } = await serve();
      const sessionId = await initialize(url, "robot-token");
      const own = await sessionPost(url, sessionId, "robot-token", toolCall(5, "whoami"));
      expect(await own.json()).toMatchObject({ id: 5, result: { content: [{ text: "robot" }] } });
      const other = await sessionPost(url, sessionId, "alice-token", toolCall(6, "whoami"));
      expect(other.status).toBe(403);
      await other.text();
    });

    it("answers a request a handler refuses for its scope with that 403 and challenge, the JSON-RPC error as body", async () => {
      const { url } = await serve();
      const sessionId = await initialize(url, "alice-token");
      const response = await sessionPost(url, sessionId, "alice-token", toolCall(7, "admin"));
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toBe(
        'Bearer error="insufficient_scope", scope="read admin"',
      );
      expect(await response.json()).toEqual({
        jsonrpc: "2.0",
        id: 7,
        error: {
          code: -32003,
          message: "admin needs the admin scope",
          data: {
            status: 403,
            error: "insufficient_scope",
            wwwAuthenticate: 'Bearer error="insufficient_scope", scope="read admin"',
          },
        },
      });
    });

    it("sends the refusal inside a batch's 200 answer (2025-03-26 batches are never refused whole)", async () => {
      const { url } = await serve();
      const init = await fetch(url, {
        method: "POST",
        headers: { ...POST_HEADERS, ...bearer("alice-token") },
        body: JSON.stringify({
          ...initializeRequest(),
          params: {
            protocolVersion: "2025-03-26",
            capabilities: {},
            clientInfo: { name: "t", version: "1" },
          },
        }),
      });
      const sessionId = init.headers.get("mcp-session-id") as string;
      await init.text();
      const response = await fetch(url, {
        method: "POST",
        headers: {
          ...POST_HEADERS,
          ...bearer("alice-token"),
          "mcp-session-id": sessionId,
          "mcp-protocol-version": "2025-03-26",
        },
        body: JSON.stringify([toolCall(8, "admin"), toolCall(9, "whoami")]),
      });
      expect(response.status).toBe(200);
      const answers = (await response.json()) as { id: number; error?: { code: number } }[];
      expect(answers.find((a) => a.id === 8)?.error?.code).toBe(-32003);
    });

    it("sends the refusal on a 200 SSE stream once the answer has started as one (jsonResponse: false)", async () => {
      const { url } = await serve({ jsonResponse: false });
      const sessionId = await initialize(url, "alice-token");
      const response = await sessionPost(url, sessionId, "alice-token", toolCall(10, "admin"));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      expect(response.headers.get("www-authenticate")).toBeNull();
      expect(await response.text()).toContain(
        '"id":10,"error":{"code":-32003,"message":"admin needs the admin scope"',
      );
    });

    it("answers 500 and tells onError when the hook throws something else", async () => {
      const errors: unknown[] = [];
      const { url } = await serve({
        authenticate: () => {
          throw new Error("the JWKS is down");
        },
        onError: (error) => errors.push(error),
      });
      const response = await fetch(url, {
        method: "POST",
        headers: POST_HEADERS,
        body: JSON.stringify(initializeRequest()),
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32603, message: "Internal error" },
      });
      expect(errors.map((e) => (e as Error).message)).toEqual(["the JWKS is down"]);
    });

    it("checks credentials after the Origin check and leaves preflights alone, allowing Authorization and DPoP", async () => {
      const { url } = await serve({ cors: true });
      const wrongOrigin = await fetch(url, {
        method: "POST",
        headers: { ...POST_HEADERS, origin: "http://evil.example.com" },
        body: "{}",
      });
      expect(wrongOrigin.status).toBe(403);
      expect(await wrongOrigin.json()).toMatchObject({ error: { message: "Forbidden: Origin not allowed" } });
      const preflight = await fetch(url, {
        method: "OPTIONS",
        headers: { origin: "http://127.0.0.1", "access-control-request-method": "POST" },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization, DPoP");
      const refused = await fetch(url, {
        method: "POST",
        headers: { ...POST_HEADERS, origin: "http://127.0.0.1" },
        body: "{}",
      });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
      await refused.text();
    });
  });

  describe("Streamable HTTP authenticate (stateless era)", () => {
    it("answers 401 without credentials, the AuthInfo with them, and a handler's 403 with its challenge", async () => {
      const { url } = await serve();
      const body = call(1, "tools/call", { name: "whoami", arguments: {} });
      const anonymous = await fetch(url, {
        method: "POST",
        headers: headersFor(body),
        body: JSON.stringify(body),
      });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("www-authenticate")).toBe(CHALLENGE);
      expect(await anonymous.json()).toEqual({
        error: "invalid_token",
        error_description: "no valid bearer token",
      });

      const known = await fetch(url, {
        method: "POST",
        headers: headersFor(body, bearer("bob-token")),
        body: JSON.stringify(body),
      });
      expect(known.status).toBe(200);
      expect(await known.json()).toMatchObject({ id: 1, result: { content: [{ text: "bob" }] } });

      const admin = call(2, "tools/call", { name: "admin", arguments: {} });
      const refused = await fetch(url, {
        method: "POST",
        headers: headersFor(admin, bearer("bob-token")),
        body: JSON.stringify(admin),
      });
      expect(refused.status).toBe(403);
      expect(refused.headers.get("www-authenticate")).toBe(
        'Bearer error="insufficient_scope", scope="read admin"',
      );
      expect(await refused.json()).toMatchObject({
        id: 2,
        error: { code: -32003, message: "admin needs the admin scope" },
      });
    });
  });
});

describe("serveStreamableHttp fallback", () => {
  it("answers other paths with the fallback's Response, 404 when it has none", async () => {
    const { serveStreamableHttp } = await import("../src/node.js");
    open = await serveStreamableHttp({
      onSession: () => {},
      fallback: (request) =>
        new URL(request.url).pathname === "/.well-known/oauth-protected-resource/mcp"
          ? Response.json({ resource: "http://127.0.0.1/mcp" })
          : undefined,
    });
    const origin = new URL(open.url).origin;
    const found = await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`);
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ resource: "http://127.0.0.1/mcp" });
    const missing = await fetch(`${origin}/other`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Not Found");
  });
});
