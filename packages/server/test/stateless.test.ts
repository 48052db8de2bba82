import { describe, expect, it } from "vitest";
import { connect, newServer } from "./helpers.js";

function everything() {
  const server = newServer({
    instructions: "Be nice",
    cache: { discover: { ttlMs: 1000, cacheScope: "private" } },
  });
  const tool = server.tool({ name: "t", inputSchema: { type: "object" } }, () => ({ content: [] }));
  server.resource({ uri: "file:///a", name: "a" }, (uri) => ({ contents: [{ uri, text: "a" }] }));
  return { server, tool };
}

describe("server/discover", () => {
  it("lists every served version, the derived capabilities, instructions and cache hints", async () => {
    const { server } = everything();
    const client = await connect(server, "2026-07-28");
    expect(await client.result("server/discover")).toEqual({
      supportedVersions: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"],
      capabilities: {
        logging: {},
        resources: { subscribe: true, listChanged: true },
        tools: { listChanged: true },
      },
      instructions: "Be nice",
      ttlMs: 1000,
      cacheScope: "private",
      resultType: "complete",
      _meta: { "io.modelcontextprotocol/serverInfo": { name: "test-server", version: "1.0.0" } },
    });
    await server.close();
  });

  it("sees registrations made after the connection started", async () => {
    const server = newServer();
    const client = await connect(server, "2026-07-28");
    expect((await client.result("server/discover")).capabilities).toEqual({ logging: {} });
    server.prompt({ name: "p" }, () => ({ messages: [] }));
    expect((await client.result("server/discover")).capabilities).toEqual({
      logging: {},
      completions: {},
      prompts: { listChanged: true },
    });
    await server.close();
  });
});

describe("subscriptions/listen", () => {
  it("acknowledges first, then streams tagged notifications; cancel ends it", async () => {
    const { server, tool } = everything();
    const client = await connect(server, "2026-07-28");
    client.peer.deliver({
      jsonrpc: "2.0",
      id: "sub-1",
      method: "subscriptions/listen",
      params: client.params({
        notifications: {
          toolsListChanged: true,
          promptsListChanged: true,
          resourceSubscriptions: ["file:///a"],
        },
      }),
    });
    const tag = { "io.modelcontextprotocol/subscriptionId": "sub-1" };
    expect(await client.peer.next()).toEqual({
      jsonrpc: "2.0",
      method: "notifications/subscriptions/acknowledged",
      // No prompts are registered, so prompt changes are not offered.
      params: { notifications: { toolsListChanged: true, resourceSubscriptions: ["file:///a"] }, _meta: tag },
    });
    tool.disable();
    tool.update({ description: "coalesced with the disable" });
    server.resourceUpdated("file:///a");
    server.resourceUpdated("file:///other");
    expect(await client.peer.drain()).toEqual([
      { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "file:///a", _meta: tag } },
      { jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: tag } },
    ]);
    client.peer.deliver({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: "sub-1" },
    });
    await client.peer.drain();
    expect(client.session.listenerCount).toBe(0);
    tool.enable();
    expect(await client.peer.drain()).toEqual([]);
    await server.close();
  });

  it("answers the listen request when the server closes gracefully", async () => {
    const { server } = everything();
    const client = await connect(server, "2026-07-28");
    client.peer.deliver({
      jsonrpc: "2.0",
      id: 9,
      method: "subscriptions/listen",
      params: client.params({ notifications: { toolsListChanged: true } }),
    });
    await client.peer.next();
    await server.close();
    expect(await client.peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 9,
        result: {
          _meta: {
            "io.modelcontextprotocol/subscriptionId": 9,
            "io.modelcontextprotocol/serverInfo": { name: "test-server", version: "1.0.0" },
          },
          resultType: "complete",
        },
      },
    ]);
  });

  it("does not exist in the session era", async () => {
    const { server } = everything();
    const client = await connect(server, "2025-11-25");
    expect(await client.error("subscriptions/listen", { notifications: {} })).toMatchObject({ code: -32601 });
    await server.close();
  });
});
