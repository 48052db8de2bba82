// One session served by a fleet: three nodes in one process (each its own handler and Server,
// sharing the session store, bus, event store, task store and subscriptions) behind a
// round-robin dispatcher, driven by the real @mcpkit/client. Every request of a session lands on
// another node than the one before.
import { Client } from "@mcpkit/client";
import type { ToolResult } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import { StreamableHttpClientTransport } from "../src/index.node.js";
import { type Fleet, startFleet } from "./fleet-helpers.js";
import { closedAfterEach, deferred } from "./task-helpers.js";

const open = closedAfterEach();

/** The features every node serves; `gate` holds the `slow` tool until the test opens it. */
function fleetOf(size: number) {
  const gate = deferred<ToolResult>();
  const aborted: string[] = [];
  const fleet = startFleet(size, (server, index) => {
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
          ctx.signal.addEventListener("abort", () => {
            aborted.push(`node ${index}`);
            reject(new Error("aborted"));
          });
          void gate.promise.then(resolve);
        }),
    );
    server.resource({ uri: "file:///notes.md", name: "notes" }, (uri) => ({
      contents: [{ uri, text: `notes from node ${index}` }],
    }));
  });
  return { fleet, gate, aborted };
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
