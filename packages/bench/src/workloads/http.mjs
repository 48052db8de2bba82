// Streamable HTTP on 127.0.0.1: N clients (each its own connection and session) calling the echo
// tool sequentially against a server child process. CPU per request = the server child's.
import { contenders } from "../contenders/index.mjs";
import { interleaved } from "../lib/compare.mjs";
import { startHttpChild } from "../lib/http-child.mjs";
import { drive } from "../lib/load.mjs";
import { printTable } from "../lib/table.mjs";
import { target } from "../lib/targets.mjs";

export const name = "http";

const TEXT = "x".repeat(100);

async function openClients(contender, url, count) {
  const clients = [];
  for (let i = 0; i < count; i++) clients.push(await contender.http(url));
  for (const c of clients) {
    const echoed = await c.call(TEXT);
    if (echoed !== TEXT) throw new Error(`${contender.name}: wrong HTTP echo ${String(echoed).slice(0, 40)}`);
  }
  return clients;
}

export async function run({ clientCounts, reps, ms }) {
  const servers = [];
  const rows = [];
  try {
    for (const c of contenders) servers.push({ contender: c, ...(await startHttpChild(c.serverScript)) });
    for (const count of clientCounts) {
      const open = [];
      try {
        for (const s of servers) open.push({ s, clients: await openClients(s.contender, s.url, count) });
        const runs = new Map(
          open.map(({ s, clients }) => [
            s.contender.name,
            () =>
              drive({
                calls: clients.map((c) => () => c.call(TEXT)),
                inFlight: count,
                ms,
                serverPid: s.pid,
                countSelf: false,
              }),
          ]),
        );
        const medians = await interleaved(runs, { reps });
        for (const [contender, m] of medians) rows.push({ clients: count, contender, ...m });
      } finally {
        for (const { clients } of open) for (const c of clients) await c.close().catch(() => {});
      }
    }
  } finally {
    for (const s of servers) await s.stop();
  }
  const at = (who, count) => rows.find((r) => r.contender === who && r.clients === count);
  console.log("\nStreamable HTTP echo, N clients calling sequentially (CPU per request: server child)");
  printTable(
    rows.map((r) => ({ ...r, vsMcpkit: at("mcpkit", r.clients).opsPerSec / r.opsPerSec })),
    [
      ["clients", "clients"],
      ["contender", "contender"],
      ["opsPerSec", "req/s"],
      ["p50Ms", "p50 ms", 3],
      ["p99Ms", "p99 ms", 3],
      ["cpuMicrosPerOp", "server CPU µs/req", 1],
      ["vsMcpkit", "mcpkit req ×", 2],
    ],
  );
  const count = clientCounts.includes(16) ? 16 : clientCounts[0];
  const rps = (who) => at(who, count)?.opsPerSec;
  const targets = [
    target({
      title: `HTTP ${count} clients requests/s ≥ 5× official`,
      ours: rps("mcpkit"),
      theirs: { "official 2.x": rps("official 2.x"), "official 1.x": rps("official 1.x") },
      better: "higher",
      goal: 5,
    }),
  ];
  return { rows, targets };
}
