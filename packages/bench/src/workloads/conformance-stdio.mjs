// How long the full conformance server suite takes against the reference everything-server over
// stdio, both eras, as a user runs it (the mcpkit-conformance CLI, default --jobs), against the
// 30 s budget of issue 26. The full run also times --no-reuse (a fresh server process per run) for
// comparison; --quick times only the server/tools transcripts. A run with a failure is an error:
// speed must not come from hiding failures.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { printTable } from "../lib/table.mjs";

export const name = "conformance-stdio";

const BUDGET_S = 30;
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve("@mcpkit/conformance/package.json")), "bin/mcpkit-conformance.js");
const server = join(dirname(require.resolve("@mcpkit/reference")), "everything-server.js");

/** Runs the CLI once; resolves to its wall time, summary counts and --timing notes. */
function conformance(extra) {
  const args = [cli, "server", "--stdio", `"${process.execPath}" "${server}"`, "--timing", ...extra];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out = (out + chunk).slice(-65_536);
    });
    child.stderr.on("data", (chunk) => {
      err = (err + chunk).slice(-65_536);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = (performance.now() - t0) / 1000;
      const last = out.trimEnd().split("\n").pop() ?? "";
      const counts = /^conformance: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/.exec(last);
      if (code !== 0 || !counts || counts[2] !== "0") {
        reject(new Error(`mcpkit-conformance ${extra.join(" ")} exited ${code}: ${last}\n${err}`));
        return;
      }
      const reuse =
        /stdio: (\d+) runs on a process a probe or an earlier run opened, (\d+) processes started/.exec(err);
      resolve({
        seconds,
        passed: Number(counts[1]),
        skipped: Number(counts[3] ?? 0),
        reused: reuse ? Number(reuse[1]) : Number.NaN,
        started: reuse ? Number(reuse[2]) : Number.NaN,
      });
    });
  });
}

export async function run({ quick }) {
  const filter = quick ? ["--id", "server/tools/*"] : [];
  const variants = quick
    ? [["shared processes (default)", []]]
    : [
        ["shared processes (default)", []],
        ["--no-reuse", ["--no-reuse"]],
      ];
  const rows = [];
  for (const [variant, extra] of variants) {
    const result = await conformance([...filter, ...extra]);
    rows.push({ variant, ...result });
  }
  console.log(
    `\nconformance server suite, reference everything-server over stdio${quick ? " (server/tools/* only)" : ""}`,
  );
  printTable(rows, [
    ["variant", "variant"],
    ["seconds", "wall s", 1],
    ["passed", "passed"],
    ["skipped", "skipped"],
    ["reused", "runs on a shared process"],
    ["started", "processes started for those"],
  ]);
  const ours = rows[0].seconds;
  const targets = [
    {
      title: `the full server suite over stdio, both eras, in < ${BUDGET_S} s${quick ? " (--quick: tools only)" : ""}`,
      goal: 1,
      better: "lower",
      against: `${BUDGET_S} s budget`,
      ratio: ours / BUDGET_S,
      met: ours < BUDGET_S,
    },
  ];
  return { rows, targets };
}
