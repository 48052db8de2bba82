import { describe, expect, it } from "vitest";
import type { RequestContext } from "../src/index.js";
import { initializedServer, sessionPair } from "./helpers/fixtures.js";
import { settle } from "./helpers/raw-peer.js";

describe("the handler context", () => {
  it("carries the request's id, method, revision, era, peer and transport context", async () => {
    const { peer, connection } = await initializedServer("2025-06-18");
    let seen: Partial<RequestContext> | undefined;
    connection.setRequestHandler("tools/list", (_params, ctx) => {
      seen = ctx;
      return { tools: [] };
    });
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: "abc", method: "tools/list" }, { headers: { "x-test": "1" } });
    await peer.next();
    expect(seen).toMatchObject({
      requestId: "abc",
      method: "tools/list",
      revision: "2025-06-18",
      era: "session",
      context: { headers: { "x-test": "1" } },
      peer: {
        capabilities: { sampling: {}, roots: { listChanged: true }, elicitation: {} },
        info: { name: "test-client", version: "2.0.0" },
      },
      input: undefined,
    });
    expect(seen?.signal?.aborted).toBe(false);
  });

  it("sends related notifications and requests while handling", async () => {
    const { client, server } = await sessionPair({
      serverCapabilities: { tools: {}, logging: {} },
      clientCapabilities: { roots: {} },
    });
    const logs: unknown[] = [];
    client.setNotificationHandler("notifications/message", (params) => {
      logs.push(params);
    });
    client.setRequestHandler("roots/list", () => ({ roots: [{ uri: "file:///r" }] }));
    server.setRequestHandler("tools/call", async (_params, ctx) => {
      await ctx.sendNotification("notifications/message", { level: "info", data: "working" });
      const roots = await ctx.sendRequest("roots/list");
      return { content: [{ type: "text", text: JSON.stringify(roots) }] };
    });
    await expect(client.request("tools/call", { name: "t" })).resolves.toEqual({
      content: [{ type: "text", text: '{"roots":[{"uri":"file:///r"}]}' }],
    });
    await settle();
    expect(logs).toEqual([{ level: "info", data: "working" }]);
  });
});

describe("custom methods", () => {
  it("pass through unvalidated when a handler is registered, both ways", async () => {
    const { client, server } = await sessionPair();
    const notes: unknown[] = [];
    server.setRequestHandler("acme/echo", (params) => ({ echoed: params.value }));
    server.setNotificationHandler("acme/note", (params) => {
      notes.push(params);
    });
    await expect(client.request("acme/echo", { value: 42 })).resolves.toEqual({ echoed: 42 });
    await client.notify("acme/note", { n: 1 });
    await settle();
    expect(notes).toEqual([{ n: 1 }]);
  });

  it("are -32601 without a handler, and a handler can be removed", async () => {
    const { client, server } = await sessionPair();
    server.setRequestHandler("acme/echo", () => ({}));
    server.removeRequestHandler("acme/echo");
    await expect(client.request("acme/echo")).rejects.toMatchObject({
      name: "McpError",
      code: -32601,
      message: "Method not found",
      data: { method: "acme/echo" },
    });
  });
});
