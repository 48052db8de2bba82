import { Client, tasksExtension } from "@mcpkit/client";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Fleet, startFleet } from "./fleet/fleet.js";
import { type RedisServer, startRedis } from "./redis-server.js";

// Three real node processes on one real redis-server, behind a round-robin proxy, driven by the
// real @mcpkit/client at 2026-07-28: every request may land on another node.

let redis: RedisServer;
let fleet: Fleet;
const clients: Client[] = [];
beforeAll(async () => {
  redis = await startRedis();
  fleet = await startFleet(redis.url, 3);
});
afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await fleet?.close();
  await redis?.close();
});

async function connect(): Promise<Client> {
  const client = new Client({
    clientInfo: { name: "fleet-test", version: "1" },
    mode: "stateless",
    extensions: [tasksExtension()],
    elicitation: { form: async () => ({ action: "accept", content: { name: "Ada" } }) },
  });
  clients.push(client);
  await client.connect(new StreamableHttpClientTransport(fleet.proxy.url));
  return client;
}

const text = (result: { content?: unknown }) => (result.content as { text: string }[])[0]?.text;

describe("a fleet of three on Redis, 2026-07-28", () => {
  it("spreads requests over every node", async () => {
    const client = await connect();
    const names = new Set<string>();
    for (let i = 0; i < 6; i++)
      names.add(text(await client.callTool({ name: "whoami", arguments: {} })) ?? "");
    expect([...names].sort()).toEqual(["n1", "n2", "n3"]);
  });

  it("an input_required round answered through another node completes (shared requestState secret)", async () => {
    const client = await connect();
    const before = fleet.proxy.routed.length;
    const result = await client.callTool({ name: "ask-name", arguments: {} });
    expect(text(result)).toMatch(/^Hello, Ada \(from n[123]\)$/);
    // The call and its retry with the input (after the client's first discovery, if any) went to
    // two different nodes.
    const [call, retry] = fleet.proxy.routed.slice(before).slice(-2);
    expect(call).toBeDefined();
    expect(retry).not.toBe(call);
  });

  it("a task started on one node is fetched and its result read through the others", async () => {
    const client = await connect();
    const task = await client.callTool(
      { name: "slow-task", arguments: { ms: 200 } },
      { task: { ttlMs: 60_000 } },
    );
    const before = fleet.proxy.routed.length;
    const creator = fleet.proxy.routed[before - 1];
    const result = await task.result();
    expect(text(result)).toMatch(/^done on n[123]$/);
    // The next request (tasks/get or tasks/result) went to another node than the one that made it.
    const [first] = fleet.proxy.routed.slice(before);
    expect(first).toBeDefined();
    expect(first).not.toBe(creator);
  });

  it("streams 1000 progress notifications of one call, each once and in order", async () => {
    const client = await connect();
    const seen: number[] = [];
    const result = await client.callTool(
      { name: "count", arguments: { steps: 1000 } },
      { onProgress: (p: { progress: number }) => seen.push(p.progress) },
    );
    expect(text(result)).toMatch(/^counted 1000 on n[123]$/);
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  });
});
