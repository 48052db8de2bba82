/**
 * mcpkit vs the official MCP TypeScript SDKs (2.x, 1.x) and a raw no-SDK baseline, side by side
 * in one run. `pnpm bench [-- --only a,b] [--quick] [--json FILE]`; workloads: in-process, stdio,
 * http, sessions, cold-import, install-size, cli-startup, fleet and conformance-stdio (the last four
 * only when named; fleet needs redis-server).
 */
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { defaultWorkloads, runWorkloads } from "./run.mjs";
import { FULL, QUICK } from "./settings.mjs";
import { formatTarget } from "./lib/targets.mjs";

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== "--"),
  options: {
    only: { type: "string" },
    quick: { type: "boolean", default: false },
    json: { type: "string" },
  },
});

const names = values.only
  ? values.only
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
  : defaultWorkloads;
const settings = values.quick ? QUICK : FULL;
const machine = `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}`;
const startedAt = new Date().toISOString();
console.log(
  `mcpkit bench ${startedAt}, node ${process.version}, ${machine}${values.quick ? ", --quick" : ""}`,
);

const results = await runWorkloads(names, settings);
const targets = Object.values(results).flatMap((r) => r.targets);
console.log("\ntargets (mcpkit vs the most favourable official SDK, same run)");
for (const t of targets) console.log(formatTarget(t));
console.log(`${targets.filter((t) => t.met).length}/${targets.length} met`);

if (values.json) {
  const report = {
    startedAt,
    node: process.version,
    machine,
    quick: values.quick,
    settings,
    results,
    targets,
  };
  writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`results written to ${values.json}`);
}
