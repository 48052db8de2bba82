// tools/call echo over stdio, the client spawning the server. CPU per op = client + server.
import { contenders } from "../contenders/index.mjs";
import { echoColumns, echoMatrix, printableRows, rowOf } from "../lib/echo-matrix.mjs";
import { printTable } from "../lib/table.mjs";
import { target } from "../lib/targets.mjs";

export const name = "stdio";

export async function run(settings) {
  const rows = await echoMatrix(
    contenders.map((c) => ({ name: c.name, open: c.stdio })),
    settings,
  );
  console.log("\nstdio tools/call echo (CPU per op: client process + server child)");
  printTable(printableRows(rows), echoColumns);
  const at = (who, inFlight = 1) => rowOf(rows, who, "100 B", inFlight);
  // The throughput bar names no concurrency, so it is checked at both: 1 in flight is a
  // latency-bound round trip through two processes, the widest setting is CPU-bound.
  const widest = Math.max(...settings.inFlights);
  const throughput = (inFlight, kind) =>
    target({
      title: `stdio 100 B echo throughput ≥ 3× official, ${inFlight} in flight (${kind})`,
      ours: at("mcpkit", inFlight)?.opsPerSec,
      theirs: {
        "official 2.x": at("official 2.x", inFlight)?.opsPerSec,
        "official 1.x": at("official 1.x", inFlight)?.opsPerSec,
      },
      better: "higher",
      goal: 3,
      ceiling: at("raw baseline", inFlight)?.opsPerSec,
    });
  const targets = [
    throughput(1, "latency-bound"),
    throughput(widest, "CPU-bound"),
    target({
      title: "stdio 100 B CPU per op within 1.3× of the raw baseline",
      ours: at("mcpkit")?.cpuMicrosPerOp,
      theirs: { "raw baseline": at("raw baseline")?.cpuMicrosPerOp },
      better: "lower",
      goal: 1.3,
    }),
  ];
  return { rows, targets };
}
