import { AuthenticationError, type AuthInfo } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import { Server } from "../src/index.js";
import { RawPeer, clientInfo } from "./helpers.js";

const METADATA = "https://mcp.example.com/.well-known/oauth-protected-resource/mcp";
const alice: AuthInfo = { token: "t", subject: "alice", scopes: ["files:read"] };

function protectedServer() {
  const server = new Server(
    { name: "files", version: "1.0.0" },
    { authorization: { resourceMetadataUrl: METADATA } },
  );
  const ran: string[] = [];
  server.tool({ name: "write", inputSchema: { type: "object" }, scopes: ["files:write"] }, (_args, ctx) => {
    ran.push("write");
    return { content: [{ type: "text", text: ctx.auth?.subject ?? "-" }] };
  });
  server.tool({ name: "read", inputSchema: { type: "object" }, scopes: ["files:read"] }, (_args, ctx) => ({
    content: [{ type: "text", text: `${ctx.auth?.subject} ${ctx.auth?.scopes?.join(",")}` }],
  }));
  server.resource({ uri: "file:///secret", name: "secret", scopes: ["files:admin"] }, () => {
    ran.push("secret");
    return { contents: [] };
  });
  server.resourceTemplate({ uriTemplate: "file:///logs/{day}", name: "logs", scopes: ["logs:read"] }, () => {
    ran.push("logs");
    return { contents: [] };
  });
  server.prompt({ name: "review", scopes: ["prompts:review"] }, () => {
    ran.push("review");
    return { messages: [] };
  });
  return { server, ran };
}

/** An initialized 2025-11-25 session whose every message carries `auth`. */
async function session(server: Server, auth: AuthInfo | undefined) {
  const peer = new RawPeer();
  await server.connect(peer);
  const context = auth ? { authInfo: auth } : {};
  const call = (id: number, method: string, params: Record<string, unknown>) => {
    peer.deliver({ jsonrpc: "2.0", id, method, params }, context);
    return peer.next() as Promise<Record<string, unknown>>;
  };
  await call(0, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo });
  peer.deliver({ jsonrpc: "2.0", method: "notifications/initialized" }, context);
  return call;
}

function insufficient(id: number, description: string, scope: string) {
  const escaped = description.replaceAll('"', '\\"');
  const challenge = `Bearer error="insufficient_scope", error_description="${escaped}", scope="${scope}", resource_metadata="${METADATA}"`;
  return {
    jsonrpc: "2.0",
    id,
    error: {
      code: -32003,
      message: description,
      data: { status: 403, error: "insufficient_scope", wwwAuthenticate: challenge },
    },
  };
}

describe("required scopes", () => {
  it("refuses a tool whose scope is missing with 403 naming it, before the handler runs", async () => {
    const { server, ran } = protectedServer();
    const call = await session(server, alice);
    expect(await call(1, "tools/call", { name: "write", arguments: {} })).toEqual(
      insufficient(1, 'tool "write" needs scope files:write', "files:read files:write"),
    );
    expect(ran).toEqual([]);
  });

  it("runs a tool whose scopes are granted, with ctx.auth", async () => {
    const { server } = protectedServer();
    const call = await session(server, alice);
    expect(await call(2, "tools/call", { name: "read", arguments: {} })).toEqual({
      jsonrpc: "2.0",
      id: 2,
      result: { content: [{ type: "text", text: "alice files:read" }] },
    });
  });

  it("refuses an anonymous caller with 401 and a challenge naming the scope", async () => {
    const { server } = protectedServer();
    const call = await session(server, undefined);
    const challenge = `Bearer scope="files:read", resource_metadata="${METADATA}"`;
    expect(await call(3, "tools/call", { name: "read", arguments: {} })).toEqual({
      jsonrpc: "2.0",
      id: 3,
      error: {
        code: -32001,
        message: 'tool "read" needs authorization',
        data: { status: 401, error: "invalid_token", wwwAuthenticate: challenge },
      },
    });
  });

  it("checks resources, templates (read and subscribe) and prompts too", async () => {
    const { server, ran } = protectedServer();
    const call = await session(server, alice);
    expect(await call(4, "resources/read", { uri: "file:///secret" })).toEqual(
      insufficient(4, 'resource "file:///secret" needs scope files:admin', "files:read files:admin"),
    );
    expect(await call(5, "resources/read", { uri: "file:///logs/monday" })).toEqual(
      insufficient(5, 'resource "file:///logs/monday" needs scope logs:read', "files:read logs:read"),
    );
    expect(await call(6, "resources/subscribe", { uri: "file:///secret" })).toMatchObject({
      error: { code: -32003 },
    });
    expect(await call(7, "prompts/get", { name: "review" })).toEqual(
      insufficient(7, 'prompt "review" needs scope prompts:review', "files:read prompts:review"),
    );
    expect(ran).toEqual([]);
  });

  it("lets a tool handler throw AuthenticationError as a refusal, not a tool error", async () => {
    const server = new Server({ name: "s", version: "1" });
    server.tool({ name: "step", inputSchema: { type: "object" } }, () => {
      throw new AuthenticationError(403, "insufficient_scope", "step needs more");
    });
    const call = await session(server, alice);
    expect(await call(8, "tools/call", { name: "step", arguments: {} })).toEqual({
      jsonrpc: "2.0",
      id: 8,
      error: { code: -32003, message: "step needs more", data: { status: 403, error: "insufficient_scope" } },
    });
  });

  it("gives middleware request.auth", async () => {
    const server = new Server({ name: "s", version: "1" });
    const seen: unknown[] = [];
    server.use((request, next) => {
      seen.push(request.auth?.subject);
      return next();
    });
    const call = await session(server, alice);
    await call(9, "ping", {});
    expect(seen).toEqual(["alice", "alice"]);
  });
});
