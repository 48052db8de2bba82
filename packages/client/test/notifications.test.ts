import type { Connection, JsonObject, RequestContext } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { Client, ResultCache } from "../src/index.js";
import { clientInfo, connected, sleep, statelessServer } from "./helpers/servers.js";

let current: Client[] = [];
afterEach(async () => {
  await Promise.all(current.map((c) => c.close()));
  current = [];
});
async function setup(...args: Parameters<typeof connected>) {
  const result = await connected(...args);
  current.push(result.client);
  return result;
}
const next = <T>(client: Client, event: Parameters<Client["on"]>[0]) =>
  new Promise<T>((resolve) => client.on(event, (value) => resolve(value as T)));

for (const revision of ["2024-11-05", "2025-06-18", "2025-11-25"] as const) {
  describe(`session-era notifications at ${revision}`, () => {
    it("tools/list_changed refreshes a listed catalogue and tells listeners", async () => {
      const { client, server, log } = await setup(revision);
      await client.listTools();
      const changed = next<{ tools?: unknown[] }>(client, "toolsChanged");
      await server.notify("notifications/tools/list_changed");
      expect((await changed).tools).toHaveLength(3);
      expect(log.calls.filter((c) => c.method === "tools/list")).toHaveLength(4);
    });

    it("a list never listed is not fetched, only announced", async () => {
      const { client, server, log } = await setup(revision);
      const changed = next<{ prompts?: unknown[] }>(client, "promptsChanged");
      await sleep(5);
      await server.notify("notifications/prompts/list_changed");
      expect(await changed).toEqual({});
      expect(log.calls).toEqual([]);
    });

    it("resources/list_changed, resources/updated and log messages", async () => {
      const { client, server } = await setup(revision);
      await client.listResources();
      const listed = next<{ resources?: unknown[] }>(client, "resourcesChanged");
      await server.notify("notifications/resources/list_changed");
      expect((await listed).resources).toHaveLength(1);
      const updated = next(client, "resourceUpdated");
      await server.notify("notifications/resources/updated", { uri: "file:///a.txt" });
      expect(await updated).toEqual({ uri: "file:///a.txt" });
      const logged = next(client, "log");
      await server.notify("notifications/message", { level: "error", data: { oops: 1 } });
      expect(await logged).toEqual({ level: "error", data: { oops: 1 } });
    });
  });
}

/** A minimal listen endpoint for the core stateless server: acknowledges, then pushes what the test asks. */
function listenEndpoint(server: Connection) {
  const streams: RequestContext[] = [];
  server.setRequestHandler("subscriptions/listen", async (params, ctx) => {
    streams.push(ctx);
    const meta = { "io.modelcontextprotocol/subscriptionId": ctx.requestId };
    await ctx.sendNotification("notifications/subscriptions/acknowledged", {
      notifications: params.notifications,
      _meta: meta,
    });
    await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve));
    return { _meta: meta };
  });
  return {
    streams,
    push: (method: string, params: JsonObject = {}) =>
      Promise.all(
        streams.map((ctx) =>
          ctx.sendNotification(method, {
            ...params,
            _meta: { "io.modelcontextprotocol/subscriptionId": ctx.requestId },
          }),
        ),
      ),
  };
}

describe("stateless-era subscriptions", () => {
  it("listen is acknowledged, carries change notifications to events, and closes", async () => {
    const { client, server } = await setup("2026-07-28");
    const endpoint = listenEndpoint(server);
    await client.listTools();
    const subscription = client.listen({ toolsListChanged: true, resourceSubscriptions: ["file:///a.txt"] });
    expect(await subscription.acknowledged).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: ["file:///a.txt"],
    });
    const changed = next<{ tools?: unknown[] }>(client, "toolsChanged");
    await endpoint.push("notifications/tools/list_changed");
    expect((await changed).tools).toHaveLength(3);
    const updated = next(client, "resourceUpdated");
    await endpoint.push("notifications/resources/updated", { uri: "file:///a.txt" });
    expect(await updated).toEqual({ uri: "file:///a.txt" });
    subscription.close();
    await subscription.ended;
    await sleep(10);
    expect(endpoint.streams[0]?.signal.aborted).toBe(true);
    expect(client.connection.diagnostics().pendingRequests).toBe(0);
  });
});

describe("2026-07-28 cache hints", () => {
  it("serves list results from the cache within ttlMs", async () => {
    const { client, log } = await setup("2026-07-28");
    await client.listPrompts();
    await client.listPrompts();
    expect(log.calls.filter((c) => c.method === "prompts/list")).toHaveLength(1);
  });

  it("expires reads after their ttlMs", async () => {
    const { client } = await setup("2026-07-28");
    const first = await client.readResource("file:///a.txt");
    expect(await client.readResource("file:///a.txt")).toEqual(first);
    await sleep(70);
    expect(await client.readResource("file:///a.txt")).not.toEqual(first);
  });

  it("a change notification drops what it made stale", async () => {
    const { client, server, log } = await setup("2026-07-28");
    const endpoint = listenEndpoint(server);
    const subscription = client.listen({
      resourceSubscriptions: ["file:///a.txt"],
      promptsListChanged: true,
    });
    await subscription.acknowledged;
    await client.readResource("file:///a.txt");
    const updated = next(client, "resourceUpdated");
    await endpoint.push("notifications/resources/updated", { uri: "file:///a.txt" });
    await updated;
    await client.readResource("file:///a.txt");
    expect(log.calls.filter((c) => c.method === "resources/read")).toHaveLength(2);
    subscription.close();
  });

  it("can be turned off, or bypassed per call", async () => {
    const { client, log } = await setup("2026-07-28", { cache: false });
    await client.listPrompts();
    await client.listPrompts();
    expect(log.calls.filter((c) => c.method === "prompts/list")).toHaveLength(2);
    const cached = await setup("2026-07-28");
    await cached.client.listPrompts();
    await cached.client.listPrompts({ fresh: true });
    expect(cached.log.calls.filter((c) => c.method === "prompts/list")).toHaveLength(2);
  });

  it("public results can be shared between clients", async () => {
    const shared = new ResultCache();
    const { transport, server, log } = await statelessServer();
    server.setRequestHandler("prompts/list", () => {
      log.calls.push({ method: "prompts/list", params: {} });
      return { prompts: [], ttlMs: 10_000, cacheScope: "public" };
    });
    const a = new Client({ clientInfo, cache: { shared } });
    current.push(a);
    await a.connect(transport);
    await a.listPrompts();
    expect(shared.size).toBe(1);
  });

  it("session-era results are never cached", async () => {
    const { client, log } = await setup("2025-11-25");
    await client.listPrompts();
    await client.listPrompts();
    expect(log.calls.filter((c) => c.method === "prompts/list")).toHaveLength(2);
  });
});
