// How fast `mcpkit --help` starts: a fresh process per sample (node startup included), against a
// bare node process and the 150 ms budget of issue 25. Commands load their modules lazily, so
// --help must not pay for the SDK.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { median } from "../lib/stats.mjs";
import { printTable } from "../lib/table.mjs";

export const name = "cli-startup";

const BUDGET_MS = 150;
const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve("@mcpkit/cli/package.json")), "bin/mcpkit.js");

function wall(args) {
  const t0 = performance.now();
  const out = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 30_000 });
  const ms = performance.now() - t0;
  if (out.status !== 0) throw new Error(`node ${args.join(" ")} failed (${out.status}): ${out.stderr}`);
  return ms;
}

export async function run({ coldRuns }) {
  const help = [];
  const version = [];
  const bare = [];
  for (let round = 0; round < coldRuns; round++) {
    help.push(wall([bin, "--help"]));
    version.push(wall([bin, "--version"]));
    bare.push(wall(["-e", "0"]));
  }
  const rows = [
    { command: "mcpkit --help", wallMs: median(help) },
    { command: "mcpkit --version", wallMs: median(version) },
    { command: "node -e 0 (bare)", wallMs: median(bare) },
  ];
  console.log(`\ncli startup, median of ${coldRuns} fresh processes`);
  printTable(rows, [
    ["command", "command"],
    ["wallMs", "process wall ms", 1],
  ]);
  const ours = median(help);
  const targets = [
    {
      title: `mcpkit --help starts in ≤ ${BUDGET_MS} ms`,
      goal: 1,
      better: "lower",
      against: `${BUDGET_MS} ms budget`,
      ratio: ours / BUDGET_MS,
      met: ours <= BUDGET_MS,
    },
  ];
  return { rows, targets };
}
