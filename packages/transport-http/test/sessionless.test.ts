// The session era without sessions (`sessions: false`): each POST served on its own, for
// serverless deployments; what needs a session is refused plainly.
import { Client } from "@mcpkit/client";
import { Server } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import { serveStreamableHttp } from "../src/node.js";
import { POST_HEADERS, initializeRequest } from "./helpers.js";
import { closedAfterEach } from "./task-helpers.js";

const open = closedAfterEach();

async function serveSessionless() {
  const server = new Server({ name: "sessionless", version: "1" }, { tasks: {} });
  server.tool({ name: "add", inputSchema: { type: "object" } }, async (args, ctx) => {
    await ctx.progress(1, 2);
    const { a, b } = args as { a: number; b: number };
    return { content: [{ type: "text", text: String(a + b) }] };
  });
  server.tool({ name: "ask", inputSchema: { type: "object" } }, async (_args, ctx) => {
    try {
      await ctx.elicit({ message: "Name?", requestedSchema: { type: "object", properties: {} } });
      return { content: [{ type: "text", text: "asked" }] };
    } catch (error) {
      return { content: [{ type: "text", text: (error as Error).message }], isError: true };
    }
  });
  server.resource({ uri: "file:///notes.md", name: "notes" }, (uri) => ({
    contents: [{ uri, text: "hello" }],
  }));
  const http = await serveStreamableHttp({
    sessions: false,
    onSession: (transport) => server.connect(transport).then(() => {}),
  });
  open.push(server, http);
  return { server, http, url: http.url };
}

describe.each(["2025-06-18", "2025-11-25"] as const)(
  "a %s client on an endpoint without sessions",
  (revision) => {
    async function connected(url: string) {
      const client = new Client({
        clientInfo: { name: "c", version: "1" },
        revision,
        elicitation: { form: async () => ({ action: "accept", content: {} }) },
      });
      open.push(client);
      await client.connect(new StreamableHttpClientTransport(url));
      return client;
    }

    it("initializes, lists, calls (with progress) and reads, each request on its own", async () => {
      const { url, server } = await serveSessionless();
      const client = await connected(url);
      expect(client.revision).toBe(revision);
      // What needs a session is not announced.
      expect(client.serverCapabilities).toEqual({ logging: {}, tools: {}, resources: {} });
      expect((await client.listTools()).map((t) => t.name)).toEqual(["add", "ask"]);
      const progress: number[] = [];
      const result = await client.callTool(
        { name: "add", arguments: { a: 2, b: 3 } },
        { onProgress: (p) => progress.push(p.progress) },
      );
      expect(result.content).toEqual([{ type: "text", text: "5" }]);
      expect(progress).toEqual([1]);
      expect((await client.readResource("file:///notes.md")).contents).toEqual([
        { uri: "file:///notes.md", text: "hello" },
      ]);
      // Every exchange's session is over once it is answered.
      await expect.poll(() => server.sessions.size).toBe(0);
    });

    it("answers what needs a session with a clear error", async () => {
      const { url } = await serveSessionless();
      const client = await connected(url);
      const asked = await client.callTool({ name: "ask", arguments: {} });
      expect(asked).toMatchObject({ isError: true });
      expect(asked.content).toEqual([
        {
          type: "text",
          text: expect.stringContaining("server-to-client requests need a session"),
        },
      ]);
      // Not announced, so our client does not even ask (the wire's answer is tested below).
      await expect(client.subscribeResource("file:///notes.md")).rejects.toThrow(
        /the server did not declare the capability "resources.subscribe"/,
      );
    });
  },
);

describe("the HTTP of an endpoint without sessions", () => {
  it("issues no session id; GET and DELETE get 405; a session id gets 404", async () => {
    const { url } = await serveSessionless();
    const init = await fetch(url, {
      method: "POST",
      headers: POST_HEADERS,
      body: JSON.stringify(initializeRequest(1)),
    });
    expect(init.status).toBe(200);
    expect(init.headers.get("mcp-session-id")).toBeNull();
    expect(await init.json()).toMatchObject({ id: 1, result: { protocolVersion: "2025-11-25" } });

    const get = await fetch(url, { headers: { accept: "text/event-stream" } });
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST"]);
    await get.body?.cancel();
    const del = await fetch(url, { method: "DELETE", headers: { "mcp-session-id": "x" } });
    expect([del.status, del.headers.get("allow")]).toEqual([405, "POST"]);
    await del.body?.cancel();

    const withId = await fetch(url, {
      method: "POST",
      headers: { ...POST_HEADERS, "mcp-session-id": "abc", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(withId.status).toBe(404);
    await withId.body?.cancel();

    const unsupported = await fetch(url, {
      method: "POST",
      headers: { ...POST_HEADERS, "mcp-protocol-version": "1999-01-01" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    });
    expect(unsupported.status).toBe(400);
    expect(await unsupported.json()).toMatchObject({
      error: { message: 'Bad Request: unsupported MCP-Protocol-Version "1999-01-01"' },
    });

    const subscribe = await fetch(url, {
      method: "POST",
      headers: { ...POST_HEADERS, "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 4,
        method: "resources/subscribe",
        params: { uri: "file:///notes.md" },
      }),
    });
    expect(await subscribe.json()).toEqual({
      jsonrpc: "2.0",
      id: 4,
      error: {
        code: -32601,
        message:
          "Method not found: resources/subscribe needs a session, and this endpoint serves the session era without sessions",
      },
    });

    const note = await fetch(url, {
      method: "POST",
      headers: { ...POST_HEADERS, "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });
    expect(note.status).toBe(202);
  });
});
