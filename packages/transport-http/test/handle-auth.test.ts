import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { AuthenticationError, type AuthInfo } from "@mcpkit/core";
import { Server } from "@mcpkit/server";
import { afterEach, describe, expect, it } from "vitest";
import { createStreamableHttpHandler, type StreamableHttpHandler } from "../src/index.js";
import {
  type FrameworkRequest,
  streamableHttpMiddleware,
  toWebRequest,
  writeWebResponse,
} from "../src/node.js";
import { POST_HEADERS, initializeRequest } from "./helpers.js";
import { call, headersFor } from "./stateless-helpers.js";

/** The identities "the framework's auth middleware" established, by the `x-user` header. */
const USERS: Record<string, AuthInfo> = {
  ada: { token: "ada-token", subject: "ada", scopes: ["read"] },
  bob: { token: "bob-token", subject: "bob", scopes: ["read"] },
};

function identityOf(req: FrameworkRequest): AuthInfo | undefined {
  const user = req.headers["x-user"];
  return typeof user === "string" ? USERS[user] : undefined;
}

let handler: StreamableHttpHandler | undefined;
let httpServer: HttpServer | undefined;
afterEach(async () => {
  await handler?.close();
  handler = undefined;
  const closing = httpServer;
  httpServer = undefined;
  if (closing) {
    await new Promise<void>((resolve) => {
      closing.close(() => resolve());
      closing.closeAllConnections();
    });
  }
});

/** The endpoint with a `whoami` tool, an `authenticate` hook that counts its calls, on `path`. */
async function serve(path: "web" | "native", hook?: (count: number) => AuthInfo | undefined) {
  const server = new Server({ name: "handle-auth", version: "1.0.0" });
  server.tool({ name: "whoami", inputSchema: { type: "object" } }, (_args, ctx) => ({
    content: [{ type: "text", text: ctx.auth?.subject ?? "anonymous" }],
  }));
  const hookCalls: string[] = [];
  handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
    onStateless: (transport) => server.connect(transport),
    jsonResponse: true,
    ...(hook
      ? {
          authenticate: (request) => {
            hookCalls.push(request.method);
            return hook(hookCalls.length);
          },
        }
      : {}),
  });
  const endpoint = handler;
  const middleware = streamableHttpMiddleware(endpoint, { auth: identityOf });
  httpServer = createServer((req, res) => {
    if (path === "native") return middleware(req, res);
    const auth = identityOf(req);
    void endpoint
      .handle(toWebRequest(req, res), auth ? { auth } : undefined)
      .then((response) => writeWebResponse(response, res));
  });
  const listening = httpServer;
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/mcp`;
  return { url, hookCalls };
}

const whoami = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "whoami", arguments: {} },
});

async function initialize(url: string, user?: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { ...POST_HEADERS, ...(user ? { "x-user": user } : {}) },
    body: JSON.stringify(initializeRequest()),
  });
}

function sessionPost(url: string, sessionId: string, user: string | undefined, body: object) {
  return fetch(url, {
    method: "POST",
    headers: {
      ...POST_HEADERS,
      ...(user ? { "x-user": user } : {}),
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify(body),
  });
}

const NOT_THE_OWNER = {
  jsonrpc: "2.0",
  id: null,
  error: {
    code: -32003,
    message:
      "Forbidden: this session was opened by another subject; the credentials presented are not its owner's",
  },
};

for (const path of ["web", "native"] as const) {
  describe(`handle(request, { auth }) (${path === "web" ? "handle" : "node middleware's auth option"})`, () => {
    it("makes the given identity ctx.auth and binds the session to its subject, without an authenticate hook", async () => {
      const { url } = await serve(path);
      const opened = await initialize(url, "ada");
      expect(opened.status).toBe(200);
      await opened.text();
      const sessionId = opened.headers.get("mcp-session-id") as string;
      const own = await sessionPost(url, sessionId, "ada", whoami(2));
      expect(await own.json()).toMatchObject({ id: 2, result: { content: [{ type: "text", text: "ada" }] } });
      const other = await sessionPost(url, sessionId, "bob", whoami(3));
      expect(other.status).toBe(403);
      expect(await other.json()).toEqual(NOT_THE_OWNER);
      const anonymous = await sessionPost(url, sessionId, undefined, whoami(4));
      expect(anonymous.status).toBe(403);
      expect(await anonymous.json()).toEqual(NOT_THE_OWNER);
      const del = await fetch(url, {
        method: "DELETE",
        headers: { "x-user": "bob", "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" },
      });
      expect(del.status).toBe(403);
      await del.text();
    });

    it("does not ask the authenticate hook when an identity is given, and asks it when none is", async () => {
      const { url, hookCalls } = await serve(path, () => {
        throw new AuthenticationError(401, "invalid_token", "no identity", { "www-authenticate": "Bearer" });
      });
      const opened = await initialize(url, "ada");
      expect(opened.status).toBe(200);
      await opened.text();
      expect(hookCalls).toEqual([]);
      const refused = await initialize(url);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: "invalid_token", error_description: "no identity" });
      expect(hookCalls).toEqual(["POST"]);
    });

    it("binds a session opened through the hook to the hook's subject: a given identity of another gets 403", async () => {
      const { url } = await serve(path, () => ({ token: "key", subject: "service" }));
      const opened = await initialize(url);
      await opened.text();
      const sessionId = opened.headers.get("mcp-session-id") as string;
      const other = await sessionPost(url, sessionId, "ada", whoami(2));
      expect(other.status).toBe(403);
      expect(await other.json()).toEqual(NOT_THE_OWNER);
      const own = await sessionPost(url, sessionId, undefined, whoami(3));
      expect(await own.json()).toMatchObject({ id: 3, result: { content: [{ text: "service" }] } });
    });

    it("makes the given identity ctx.auth of a stateless (2026-07-28) request", async () => {
      const { url } = await serve(path);
      const body = call(7, "tools/call", { name: "whoami", arguments: {} });
      const response = await fetch(url, {
        method: "POST",
        headers: headersFor(body, { "x-user": "bob" }),
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: 7, result: { content: [{ text: "bob" }] } });
    });
  });
}

describe("streamableHttpMiddleware's auth option", () => {
  it("hands a throw of `auth` to next, and serves nothing", async () => {
    handler = createStreamableHttpHandler({ onSession: () => {}, jsonResponse: true });
    const failure = new Error("the identity could not be read");
    const middleware = streamableHttpMiddleware(handler, {
      auth: () => {
        throw failure;
      },
    });
    const passed: unknown[] = [];
    httpServer = createServer((req, res) => {
      middleware(req, res, (error) => {
        passed.push(error);
        res.writeHead(500, { "content-type": "text/plain" }).end("framework error page");
      });
    });
    const listening = httpServer;
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/mcp`;
    const response = await initialize(url, "ada");
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("framework error page");
    expect(passed).toEqual([failure]);
    expect(handler.sessionCount).toBe(0);
  });
});
