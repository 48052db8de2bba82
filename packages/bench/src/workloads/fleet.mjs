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
import { interleaved } from "../lib/compare.mjs";
import { printTable } from "../lib/table.mjs";
import { target } from "../lib/targets.mjs";

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

/** Starts one configuration (its nodes, its proxy, its clients); `run()` measures one repetition. */
async function prepare(
  { config, nodes, redis: withRedis },
  { era, mode },
  redisServer,
  stats,
  settings,
  count,
) {
  const secret = randomBytes(32).toString("hex");
  const prefix = `bench${randomBytes(4).toString("hex")}:`;
  const running = [];
  let proxy;
  let clients = [];
  const stop = async () => {
    for (const client of clients) await client.close().catch(() => {});
    await proxy?.stop();
    for (const node of running) await node.stop();
  };
  try {
    for (let i = 0; i < nodes; i++)
      running.push(await startNode({ redisUrl: withRedis ? redisServer.url : undefined, secret, prefix }));
    proxy = await startProxy(running.map((n) => n.url));
    clients = await openClients(proxy.url, mode, count);
  } catch (error) {
    await stop();
    return {
      config,
      era,
      error: error instanceof Error ? error.message : String(error),
      stop: async () => {},
    };
  }
  const run = async () => {
    const before = await commandsProcessed(stats);
    const result = await drive({
      calls: clients.map((c) => () => c.callTool({ name: "echo", arguments: { text: TEXT } })),
      inFlight: count,
      ms: settings.httpMs,
      countSelf: false,
    });
    const after = await commandsProcessed(stats);
    // The INFO that read `before` is counted in `after`; other configurations are idle meanwhile.
    return { ...result, redisPerRequest: withRedis ? (after - before - 1) / result.ops : 0 };
  };
  return { config, era, run, stop };
}

export async function run(settings) {
  const count = settings.clientCounts.includes(16) ? 16 : Math.max(...settings.clientCounts);
  const redisServer = await startRedisServer();
  const stats = await connectRedis(redisServer.url);
  const rows = [];
  try {
    for (const era of ERAS) {
      const prepared = [];
      try {
        for (const config of CONFIGS)
          prepared.push(await prepare(config, era, redisServer, stats, settings, count));
        const live = new Map(prepared.filter((p) => p.run).map((p) => [p.config, p.run]));
        // Every configuration once per round (after a discarded warm-up round), medians of the rounds.
        const medians = await interleaved(live, { reps: settings.reps });
        for (const p of prepared) {
          const failed = {
            opsPerSec: Number.NaN,
            p50Ms: Number.NaN,
            p99Ms: Number.NaN,
            redisPerRequest: Number.NaN,
          };
          const measured = medians.get(p.config);
          rows.push({
            era: era.era,
            config: p.config,
            clients: count,
            ...(measured ?? failed),
            ...(p.error ? { error: p.error } : {}),
          });
        }
      } finally {
        for (const p of prepared) await p.stop();
      }
    }
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
  const at = (era, config) => rows.find((r) => r.era === era && r.config === config);
  const targets = ERAS.flatMap(({ era }) => [
    target({
      title: `fleet ${era}: 1 node + Redis requests/s ≥ 0.5× 1 node`,
      ours: at(era, "1 node + Redis")?.opsPerSec,
      theirs: { "1 node": at(era, "1 node")?.opsPerSec },
      better: "higher",
      goal: 0.5,
    }),
    target({
      title: `fleet ${era}: Redis round trips per request (3 nodes) ≤ ${era === "2026-07-28" ? 1 : 2}`,
      ours: at(era, "3 nodes + Redis")?.redisPerRequest,
      theirs: { "one round trip": 1 },
      better: "lower",
      goal: era === "2026-07-28" ? 1 : 2,
    }),
  ]);
  return { rows, targets };
}
