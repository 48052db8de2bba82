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
  return { rows, targets: stdioTargets(rows, settings.inFlights) };
}

/**
 * The stdio bars. Throughput is judged against the raw no-SDK baseline, which only frames and
 * parses JSON-RPC by hand and so sets the ceiling any SDK can reach on the machine: mcpkit keeps at least 95% of it at 1
 * in flight (a latency-bound round trip through two processes) and 90% at the widest setting
 * (CPU-bound). A bar against the official SDKs would move with their numbers and at 1 in flight
 * was out of reach even for the baseline, so their ratios are printed beside it, not judged.
 */
export function stdioTargets(rows, inFlights) {
  const at = (who, inFlight = 1) => rowOf(rows, who, "100 B", inFlight);
  const widest = Math.max(...inFlights);
  const throughput = (inFlight, kind, goal) =>
    target({
      title: `stdio 100 B echo throughput ≥ ${Math.round(goal * 100)}% of the raw baseline, ${inFlight} in flight (${kind})`,
      ours: at("mcpkit", inFlight)?.opsPerSec,
      theirs: { "raw baseline": at("raw baseline", inFlight)?.opsPerSec },
      better: "higher",
      goal,
      beside: {
        "official 2.x": at("official 2.x", inFlight)?.opsPerSec,
        "official 1.x": at("official 1.x", inFlight)?.opsPerSec,
      },
    });
  return [
    throughput(1, "latency-bound", 0.95),
    throughput(widest, "CPU-bound", 0.9),
    target({
      title: "stdio 100 B CPU per op within 1.3× of the raw baseline",
      ours: at("mcpkit")?.cpuMicrosPerOp,
      theirs: { "raw baseline": at("raw baseline")?.cpuMicrosPerOp },
      better: "lower",
      goal: 1.3,
    }),
  ];
}
