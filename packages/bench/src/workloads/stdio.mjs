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
  const at = (who) => rowOf(rows, who, "100 B", 1);
  const targets = [
    target({
      title: "stdio 100 B echo throughput ≥ 3× official",
      ours: at("mcpkit")?.opsPerSec,
      theirs: {
        "official 2.x": at("official 2.x")?.opsPerSec,
        "official 1.x": at("official 1.x")?.opsPerSec,
      },
      better: "higher",
      goal: 3,
      ceiling: at("raw baseline")?.opsPerSec,
    }),
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
