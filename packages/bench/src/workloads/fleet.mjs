// A fleet on Redis (issue 22): requests/s, p99 and Redis commands per request for one node
// without Redis, one node with Redis and three nodes with Redis, N clients of each era calling
// the echo tool through a round-robin proxy (in every configuration, so each pays the same hop).
// Redis commands are counted by the server (INFO stats): each of our calls is one command, so
// this is the round trips per request.
import { randomBytes } from "node:crypto";
import { Client } from "@mcpkit/client";
import { connectRedis } from "@mcpkit/redis";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { startNode, startProxy, startRedisServer } from "../lib/fleet-processes.mjs";
import { drive } from "../lib/load.mjs";
import { median } from "../lib/stats.mjs";
import { printTable } from "../lib/table.mjs";

export const name = "fleet";

const TEXT = "x".repeat(100);
const CONFIGS = [
  { config: "1 node", nodes: 1, redis: false },
  { config: "1 node + Redis", nodes: 1, redis: true },
  { config: "3 nodes + Redis", nodes: 3, redis: true },
];
const ERAS = [
  { era: "2025-11-25", mode: "session" },
  { era: "2026-07-28", mode: "stateless" },
];

async function commandsProcessed(redis) {
  const info = String(await redis.sendCommand(["INFO", "stats"]));
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1]);
}

async function openClients(url, mode, count) {
  const clients = [];
  for (let i = 0; i < count; i++) {
    const client = new Client({ clientInfo: { name: "fleet-bench", version: "1" }, mode });
    await client.connect(new StreamableHttpClientTransport(url));
    clients.push(client);
  }
  for (const client of clients) {
    const result = await client.callTool({ name: "echo", arguments: { text: TEXT } });
    if (result.content?.[0]?.text !== TEXT) throw new Error("wrong echo through the fleet");
  }
  return clients;
}

async function measure({ config, nodes, redis: withRedis }, { era, mode }, redisServer, stats, settings) {
  const count = settings.clientCounts.includes(16) ? 16 : Math.max(...settings.clientCounts);
  const secret = randomBytes(32).toString("hex");
  const prefix = `bench${randomBytes(4).toString("hex")}:`;
  const running = [];
  let proxy;
  let clients = [];
  try {
    for (let i = 0; i < nodes; i++)
      running.push(await startNode({ redisUrl: withRedis ? redisServer.url : undefined, secret, prefix }));
    proxy = await startProxy(running.map((n) => n.url));
    clients = await openClients(proxy.url, mode, count);
    const reps = [];
    for (let rep = 0; rep < settings.reps; rep++) {
      const before = await commandsProcessed(stats);
      const run = await drive({
        calls: clients.map((c) => () => c.callTool({ name: "echo", arguments: { text: TEXT } })),
        inFlight: count,
        ms: settings.httpMs,
        countSelf: false,
      });
      const after = await commandsProcessed(stats);
      // The INFO that read `before` is counted in `after`.
      reps.push({ ...run, redisPerRequest: withRedis ? (after - before - 1) / run.ops : 0 });
    }
    const pick = (key) => median(reps.map((r) => r[key]));
    return {
      config,
      era,
      clients: count,
      opsPerSec: pick("opsPerSec"),
      p50Ms: pick("p50Ms"),
      p99Ms: pick("p99Ms"),
      redisPerRequest: pick("redisPerRequest"),
    };
  } catch (error) {
    const failed = {
      opsPerSec: Number.NaN,
      p50Ms: Number.NaN,
      p99Ms: Number.NaN,
      redisPerRequest: Number.NaN,
    };
    return {
      config,
      era,
      clients: count,
      ...failed,
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    for (const client of clients) await client.close().catch(() => {});
    await proxy?.stop();
    for (const node of running) await node.stop();
  }
}

export async function run(settings) {
  const redisServer = await startRedisServer();
  const stats = await connectRedis(redisServer.url);
  const rows = [];
  try {
    for (const era of ERAS)
      for (const config of CONFIGS) rows.push(await measure(config, era, redisServer, stats, settings));
  } finally {
    stats.destroy();
    await redisServer.stop();
  }
  console.log(
    "\nFleet on Redis: N clients calling echo through a round-robin proxy (rows that failed say why)",
  );
  printTable(
    rows.map((r) => ({ ...r, status: r.error ? `failed: ${r.error.slice(0, 60)}` : "ok" })),
    [
      ["era", "era"],
      ["config", "config"],
      ["clients", "clients"],
      ["opsPerSec", "req/s"],
      ["p50Ms", "p50 ms", 3],
      ["p99Ms", "p99 ms", 3],
      ["redisPerRequest", "Redis cmds/req", 2],
      ["status", "status"],
    ],
  );
  return { rows, targets: [] };
}
