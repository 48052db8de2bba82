// tools/call echo with client and server in this process (linked in-memory transports).
import { contenders } from "../contenders/index.mjs";
import { echoColumns, echoMatrix, printableRows, rowOf } from "../lib/echo-matrix.mjs";
import { printTable } from "../lib/table.mjs";
import { target } from "../lib/targets.mjs";

export const name = "in-process";

export async function run(settings) {
  const rows = await echoMatrix(
    contenders.map((c) => ({ name: c.name, open: c.inProcess })),
    settings,
  );
  console.log("\nin-process tools/call echo (CPU per op: this process)");
  printTable(printableRows(rows), echoColumns);
  const cpu = (who) => rowOf(rows, who, "100 B", 1)?.cpuMicrosPerOp;
  const targets = [
    target({
      title: "in-process CPU per op (100 B, 1 in flight) ≤ ¼ of official",
      ours: cpu("mcpkit"),
      theirs: { "official 2.x": cpu("official 2.x"), "official 1.x": cpu("official 1.x") },
      better: "lower",
      goal: 0.25,
    }),
  ];
  return { rows, targets };
}
