import { Client, tasksExtension } from "@mcpkit/client";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Fleet, startFleet } from "./fleet/fleet.js";
import { type RedisServer, startRedis } from "./redis-server.js";

// What a fleet of real processes does when a node or Redis dies, at 2026-07-28.

let redis: RedisServer;
let fleet: Fleet;
const clients: Client[] = [];
beforeAll(async () => {
  redis = await startRedis();
  fleet = await startFleet(redis.url, 3, "outage:");
});
afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await fleet?.close();
  await redis?.close();
});

async function connect(): Promise<Client> {
  const client = new Client({
    clientInfo: { name: "fleet-outage", version: "1" },
    mode: "stateless",
    extensions: [tasksExtension()],
  });
  clients.push(client);
  await client.connect(new StreamableHttpClientTransport(fleet.proxy.url));
  return client;
}

const text = (result: { content?: unknown }) => (result.content as { text: string }[])[0]?.text;

describe("a fleet on Redis when something dies (2026-07-28)", () => {
  it("a killed node leaves the others serving; restarted, it serves again", async () => {
    const client = await connect();
    await fleet.kill(1);
    const names = new Set<string>();
    for (let i = 0; i < 6; i++)
      names.add(text(await client.callTool({ name: "whoami", arguments: {} })) ?? "");
    expect([...names].sort()).toEqual(["n1", "n3"]);
    await fleet.restart(1);
    for (let i = 0; i < 6; i++)
      names.add(text(await client.callTool({ name: "whoami", arguments: {} })) ?? "");
    expect([...names].sort()).toEqual(["n1", "n2", "n3"]);
  });

  it("while Redis is down, a task call fails with a clear error and plain calls go on; then tasks work again", async () => {
    const client = await connect();
    await redis.stop();
    await expect(
      client.callTool({ name: "slow-task", arguments: { ms: 1 } }, { task: { ttlMs: 60_000 } }),
    ).rejects.toMatchObject({ code: -32603, message: "Redis is unavailable; retry shortly" });
    expect(text(await client.callTool({ name: "echo", arguments: { text: "still here" } }))).toBe(
      "still here",
    );
    await redis.start();
    // Each node reconnects on its own (backoff at most 2 s); the first task call may reach a node
    // still reconnecting, which answers the same clear error: retry a bounded number of times.
    let result: { content?: unknown } | undefined;
    for (let attempt = 0; attempt < 50 && result === undefined; attempt++) {
      try {
        const task = await client.callTool(
          { name: "slow-task", arguments: { ms: 1 } },
          { task: { ttlMs: 60_000 } },
        );
        result = await task.result();
      } catch (error) {
        expect(error).toMatchObject({ code: -32603, message: "Redis is unavailable; retry shortly" });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(text(result ?? {})).toMatch(/^done on n[123]$/);
  });
});
