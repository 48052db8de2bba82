// One session served by a fleet: three nodes in one process (each its own handler and Server,
// sharing the session store, bus, event store, task store and subscriptions) behind a
// round-robin dispatcher, driven by the real @mcpkit/client. Every request of a session lands on
// another node than the one before.
import { Client, tasksExtension as clientTasks } from "@mcpkit/client";
import { MemoryBus, MemorySessionStore } from "@mcpkit/core";
import { Server, type ToolResult } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import { serveStreamableHttp } from "../src/node.js";
import { type Fleet, startFleet } from "./fleet-helpers.js";
import { initializeRequest, openRawSession, POST_HEADERS } from "./helpers.js";
import { closedAfterEach, deferred } from "./task-helpers.js";

const open = closedAfterEach();

/** The features every node serves; `gate` holds the `slow` tool until the test opens it. */
function fleetOf(size: number, options: { jsonResponse?: boolean } = {}) {
  const gate = deferred<ToolResult>();
  const aborted: string[] = [];
  const started: string[] = [];
  const fleet = startFleet(
    size,
    (server, index) => {
      // (the same definition on every node)
      server.tool({ name: "where", inputSchema: { type: "object" } }, () => ({
        content: [{ type: "text", text: `node ${index}` }],
      }));
      server.tool({ name: "ask", inputSchema: { type: "object" } }, async (_args, ctx) => {
        const answer = await ctx.elicit({
          message: "Your name?",
          requestedSchema: { type: "object", properties: { name: { type: "string" } } },
        });
        const name = (answer.content as { name?: string } | undefined)?.name;
        return { content: [{ type: "text", text: `${answer.action} ${name} (asked by node ${index})` }] };
      });
      server.tool(
        { name: "slow", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
        (_args, ctx) =>
          new Promise<ToolResult>((resolve, reject) => {
            started.push(`node ${index}`);
            ctx.signal.addEventListener("abort", () => {
              aborted.push(`node ${index}`);
              reject(new Error("aborted"));
            });
            void gate.promise.then(resolve);
          }),
      );
      server.tool({ name: "steps", inputSchema: { type: "object" } }, async (_args, ctx) => {
        for (let step = 1; step <= 3; step++) await ctx.progress(step, 3);
        return { content: [{ type: "text", text: `stepped on node ${index}` }] };
      });
      server.resource({ uri: "file:///notes.md", name: "notes" }, (uri) => ({
        contents: [{ uri, text: `notes from node ${index}` }],
      }));
    },
    options,
  );
  return { fleet, gate, aborted, started };
}

async function connected(fleet: Fleet, revision: "2025-06-18" | "2025-11-25") {
  const client = new Client({
    clientInfo: { name: "fleet-client", version: "1.0.0" },
    revision,
    elicitation: { form: async () => ({ action: "accept", content: { name: "Ada" } }) },
  });
  open.push(client);
  await client.connect(new StreamableHttpClientTransport(fleet.url));
  return client;
}

describe.each(["2025-06-18", "2025-11-25"] as const)("a %s session on a fleet of three nodes", (revision) => {
  it("is served by every node: each request on the next node, the session continued from its record", async () => {
    const { fleet } = fleetOf(3);
    open.push(await fleet);
    const nodes = await fleet;
    const client = await connected(nodes, revision);
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const result = await client.callTool({ name: "where", arguments: {} });
      answers.add((result.content[0] as { text: string }).text);
    }
    expect([...answers].sort()).toEqual(["node 0", "node 1", "node 2"]);
    expect(client.revision).toBe(revision);
    for (const node of nodes.nodes) expect(node.handler.sessionCount).toBe(1);
  });

  it("answers an elicitation sent by one node through another", async () => {
    const { fleet } = fleetOf(3);
    const nodes = await fleet;
    open.push(nodes);
    const client = await connected(nodes, revision);
    const result = await client.callTool({ name: "ask", arguments: {} });
    expect((result.content[0] as { text: string }).text).toMatch(/^accept Ada \(asked by node \d\)$/);
  });

  it("hears a resource update and a list change raised on any node, once each", async () => {
    const { fleet } = fleetOf(3);
    const nodes = await fleet;
    open.push(nodes);
    const client = await connected(nodes, revision);
    const updates: string[] = [];
    const changes: number[] = [];
    client.on("resourceUpdated", ({ uri }) => updates.push(uri));
    client.on("toolsChanged", () => changes.push(1));
    await client.subscribeResource("file:///notes.md");
    for (const node of nodes.nodes) node.server.resourceUpdated("file:///notes.md");
    await expect.poll(() => updates.length).toBe(3);
    (nodes.nodes[2] as (typeof nodes.nodes)[number]).server.tool(
      { name: "late", inputSchema: { type: "object" } },
      () => ({ content: [] }),
    );
    await expect.poll(() => changes.length).toBe(1);
    // Nothing more arrives: a round trip through the fleet after the change.
    await client.ping();
    await client.ping();
    expect(updates).toEqual(["file:///notes.md", "file:///notes.md", "file:///notes.md"]);
    expect(changes).toEqual([1]);
  });

  it("logs at the level the client set through any node, once, from the node holding its stream", async () => {
    const { fleet } = fleetOf(3);
    const nodes = await fleet;
    open.push(nodes);
    const client = await connected(nodes, revision);
    const logs: unknown[] = [];
    client.on("log", ({ level, data }) => logs.push(`${level}: ${String(data)}`));
    await client.setLoggingLevel("error");
    await client.ping();
    await client.ping();
    for (const node of nodes.nodes) await node.server.log("warning", "too quiet to hear");
    for (const node of nodes.nodes) await node.server.log("error", `from node ${node.index}`);
    await expect.poll(() => logs.length).toBe(1);
    await client.ping();
    expect(logs).toEqual([expect.stringMatching(/^error: from node \d$/)]);
  });

  it("ends everywhere on DELETE through one node", async () => {
    const { fleet } = fleetOf(3);
    const nodes = await fleet;
    open.push(nodes);
    const client = await connected(nodes, revision);
    for (let i = 0; i < 3; i++) await client.ping();
    for (const node of nodes.nodes) expect(node.handler.sessionCount).toBe(1);
    await client.close();
    for (const node of nodes.nodes) await expect.poll(() => node.handler.sessionCount).toBe(0);
    expect(nodes.nodes.flatMap((node) => node.seen)).toContain("DELETE");
  });
});

describe("cancellation and tasks across nodes (2025-11-25)", () => {
  it("a client's cancellation reaching another node stops the handler where it runs", async () => {
    const { fleet, aborted, started } = fleetOf(3);
    const nodes = await fleet;
    open.push(nodes);
    const client = await connected(nodes, "2025-11-25");
    const controller = new AbortController();
    const call = client.callTool({ name: "slow", arguments: {} }, { signal: controller.signal });
    call.catch(() => {});
    await expect.poll(() => started.length).toBe(1);
    const callNode = nodes.order[nodes.order.length - 1];
    controller.abort(new Error("changed my mind"));
    await expect(call).rejects.toThrow();
    await expect.poll(() => aborted).toEqual(started);
    // The cancellation went through another node than the call.
    expect(nodes.order[nodes.order.length - 1]).not.toBe(callNode);
  });

  it("a task started through one node is fetched, waited on and completed through others", async () => {
    const { fleet, gate } = fleetOf(3);
    const nodes = await fleet;
    open.push(nodes);
    const client = await connected(nodes, "2025-11-25");
    const task = await client.callTool({ name: "slow", arguments: {} }, { task: { ttlMs: 60_000 } });
    expect((await task.refresh()).status).toBe("working");
    expect((await task.refresh()).status).toBe("working");
    const result = task.result();
    gate.resolve({ content: [{ type: "text", text: "finally" }] });
    expect((await result).content).toEqual([{ type: "text", text: "finally" }]);
    expect((await task.refresh()).status).toBe("completed");
  });

  it("a task cancelled through another node stops its handler where it runs", async () => {
    const { fleet, aborted } = fleetOf(3);
    const nodes = await fleet;
    open.push(nodes);
    const client = await connected(nodes, "2025-11-25");
    const task = await client.callTool({ name: "slow", arguments: {} }, { task: { ttlMs: 60_000 } });
    expect((await task.cancel()).status).toBe("cancelled");
    await expect.poll(() => aborted.length).toBe(1);
    expect((await task.refresh()).status).toBe("cancelled");
  });
});

describe("resuming on another node", () => {
  it("replays the rest of a POST's stream from the shared event store: nothing lost, nothing twice", async () => {
    const { fleet } = fleetOf(3, { jsonResponse: false });
    const nodes = await fleet;
    open.push(nodes);
    const { headers: session } = await openRawSession(nodes.url);
    const call = await fetch(nodes.url, {
      method: "POST",
      headers: session,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "steps", arguments: {}, _meta: { progressToken: "t" } },
      }),
    });
    const events = parseSse(await call.text()).filter((event) => event.data !== "");
    expect(events.map((event) => JSON.parse(event.data).params?.progress ?? "result")).toEqual([
      1,
      2,
      3,
      "result",
    ]);
    const callNode = nodes.order[nodes.order.length - 1];
    // The client lost the stream after the first progress: it resumes through the next node.
    const resumed = await fetch(nodes.url, {
      headers: { ...session, accept: "text/event-stream", "last-event-id": events[0]?.id as string },
    });
    expect(resumed.status).toBe(200);
    expect(nodes.order[nodes.order.length - 1]).not.toBe(callNode);
    const replay = parseSse(await resumed.text()).filter((event) => event.data !== "");
    expect(replay).toEqual(events.slice(1));
  });
});

/** The events of an SSE body: id and data of each. */
function parseSse(text: string): { id: string | undefined; data: string }[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "" && !block.startsWith(":"))
    .map((block) => {
      const lines = block.split("\n");
      const id = lines
        .find((line) => line.startsWith("id:"))
        ?.slice(3)
        .trim();
      const data = lines
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trim())
        .join("\n");
      return { id, data };
    });
}

describe("a 2026-07-28 client on the fleet", () => {
  it("hears, on its listen stream through one node, the changes raised on every node, once each", async () => {
    const { fleet } = fleetOf(3);
    const nodes = await fleet;
    open.push(nodes);
    const client = new Client({ clientInfo: { name: "modern", version: "1.0.0" }, revision: "2026-07-28" });
    open.push(client);
    await client.connect(new StreamableHttpClientTransport(nodes.url));
    const updates: string[] = [];
    const changes: number[] = [];
    client.on("resourceUpdated", ({ uri }) => updates.push(uri));
    client.on("toolsChanged", () => changes.push(1));
    const subscription = client.listen({
      toolsListChanged: true,
      resourceSubscriptions: ["file:///notes.md"],
    });
    await subscription.acknowledged;
    for (const node of nodes.nodes) node.server.resourceUpdated("file:///notes.md");
    await expect.poll(() => updates.length).toBe(3);
    (nodes.nodes[1] as (typeof nodes.nodes)[number]).server.tool(
      { name: "late", inputSchema: { type: "object" } },
      () => ({ content: [] }),
    );
    await expect.poll(() => changes.length).toBe(1);
    await client.listTools();
    await client.listTools();
    expect(updates).toEqual(["file:///notes.md", "file:///notes.md", "file:///notes.md"]);
    expect(changes).toEqual([1]);
    subscription.close();
    await subscription.ended;
  });

  it("a task cancelled through another node than the one running it stops its handler", async () => {
    const { fleet, aborted, started } = fleetOf(3);
    const nodes = await fleet;
    open.push(nodes);
    const client = new Client({
      clientInfo: { name: "modern", version: "1.0.0" },
      revision: "2026-07-28",
      extensions: [clientTasks()],
    });
    open.push(client);
    await client.connect(new StreamableHttpClientTransport(nodes.url));
    const task = await client.callTool({ name: "slow", arguments: {} }, { task: { ttlMs: 60_000 } });
    await expect.poll(() => started.length).toBe(1);
    const ranOn = nodes.order[nodes.order.length - 1];
    expect((await task.cancel()).status).toBe("cancelled");
    expect(nodes.order[nodes.order.length - 1]).not.toBe(ranOn);
    await expect.poll(() => aborted).toEqual(started);
  });
});

describe("a session store that fails", () => {
  it("answers the initialize whose record cannot be stored with 503, and reports why", async () => {
    const failing = Object.assign(new MemorySessionStore(), {
      create: () => Promise.reject(new Error("the store is down")),
    });
    const errors: string[] = [];
    const server = new Server({ name: "s", version: "1" });
    const http = await serveStreamableHttp({
      sessionStore: failing,
      onError: (error) => errors.push((error as Error).message),
      onSession: (transport) => server.connect(transport),
    });
    open.push(server, http);
    const response = await fetch(http.url, {
      method: "POST",
      headers: POST_HEADERS,
      body: JSON.stringify(initializeRequest(0)),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("mcp-session-id")).toBeNull();
    expect(await response.json()).toMatchObject({
      error: { message: "Service Unavailable: the session could not be stored" },
    });
    expect(errors).toContain("the store is down");
    expect(server.sessions.size).toBe(0);
  });
});

describe("a bus that cannot be reached", () => {
  it("answers a request needing a copy of the session with 503, and serves it once the bus is back", async () => {
    const sessionStore = new MemorySessionStore();
    const bus = new MemoryBus();
    let down = false;
    const flaky = {
      publish: (channel: string, message: string) => bus.publish(channel, message),
      subscribe: (channel: string, listener: (message: string) => void) =>
        down ? Promise.reject(new Error("the bus is down")) : bus.subscribe(channel, listener),
    };
    const errors: string[] = [];
    const servers = [0, 1].map(() => new Server({ name: "s", version: "1" }, { bus }));
    const https = await Promise.all(
      servers.map((server, i) =>
        serveStreamableHttp({
          sessionStore,
          bus: i === 1 ? flaky : bus,
          onError: (error) => errors.push((error as Error).message),
          onSession: (transport) => server.connect(transport),
        }),
      ),
    );
    open.push(...servers, ...https);
    const { headers } = await openRawSession((https[0] as (typeof https)[number]).url, "2025-06-18", false);
    const ping = () =>
      fetch((https[1] as (typeof https)[number]).url, {
        method: "POST",
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
    down = true;
    const refused = await ping();
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({
      error: {
        message: "Service Unavailable: the session could not be resumed (the fleet's bus cannot be reached)",
      },
    });
    expect(errors).toContain("the bus is down");
    down = false;
    const served = await ping();
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
  });
});

describe("notifications/initialized", () => {
  it("is answered 202 only once the record says initialized (the next request may rebuild the session)", async () => {
    const sessionStore = new MemorySessionStore();
    const update = sessionStore.update.bind(sessionStore);
    // A store that takes a while to write, as a remote one does.
    sessionStore.update = (id, change, ttl) =>
      new Promise((resolve) => setTimeout(resolve, 20)).then(() => update(id, change, ttl));
    const server = new Server({ name: "s", version: "1" });
    const http = await serveStreamableHttp({ sessionStore, onSession: (t) => server.connect(t) });
    open.push(server, http);
    const { sessionId, headers } = await openRawSession(http.url, "2025-11-25", false);
    expect((await sessionStore.get(sessionId))?.initialized).toBe(false);
    const note = await fetch(http.url, {
      method: "POST",
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });
    expect(note.status).toBe(202);
    expect((await sessionStore.get(sessionId))?.initialized).toBe(true);
  });
});
