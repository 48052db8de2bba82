// Cold import time: a fresh `node` per sample, rounds interleaved across contenders. Reports the
// import inside the process and the whole process's wall time (node startup included).
import { spawnSync } from "node:child_process";
import { median } from "../lib/stats.mjs";
import { printTable } from "../lib/table.mjs";
import { target } from "../lib/targets.mjs";

export const name = "cold-import";

const probe = new URL("../lib/import-probe.mjs", import.meta.url).pathname;

const SUBJECTS = {
  client: {
    mcpkit: "@mcpkit/client",
    "official 2.x": "@modelcontextprotocol/client",
    "official 1.x": "@modelcontextprotocol/sdk/client/index.js",
  },
  server: {
    mcpkit: "@mcpkit/server",
    "official 2.x": "@modelcontextprotocol/server",
    "official 1.x": "@modelcontextprotocol/sdk/server/mcp.js",
  },
  "server + stdio": {
    mcpkit: "@mcpkit/server,@mcpkit/transport-stdio",
    "official 2.x": "@modelcontextprotocol/server,@modelcontextprotocol/server/stdio",
    "official 1.x": "@modelcontextprotocol/sdk/server/mcp.js,@modelcontextprotocol/sdk/server/stdio.js",
  },
};

function sample(specifiers) {
  const t0 = performance.now();
  const out = spawnSync(process.execPath, [probe, specifiers], { encoding: "utf8", timeout: 30_000 });
  const wallMs = performance.now() - t0;
  if (out.status !== 0) throw new Error(`importing ${specifiers} failed: ${out.stderr}`);
  return { importMs: JSON.parse(out.stdout).importMs, wallMs };
}

export async function run({ coldRuns }) {
  const samples = new Map();
  for (let round = 0; round < coldRuns; round++) {
    for (const [subject, byContender] of Object.entries(SUBJECTS)) {
      for (const [contender, specifiers] of Object.entries(byContender)) {
        const key = `${subject}|${contender}`;
        if (!samples.has(key)) samples.set(key, []);
        samples.get(key).push(sample(specifiers));
      }
    }
  }
  // A bare node process, to tell node's own startup from the import.
  const bare = [];
  for (let i = 0; i < coldRuns; i++) bare.push(sample("node:path").wallMs);
  const rows = [...samples].map(([key, list]) => {
    const [subject, contender] = key.split("|");
    return {
      subject,
      contender,
      importMs: median(list.map((s) => s.importMs)),
      wallMs: median(list.map((s) => s.wallMs)),
    };
  });
  console.log(
    `\ncold import, median of ${coldRuns} fresh processes (bare node process: ${median(bare).toFixed(1)} ms)`,
  );
  printTable(rows, [
    ["subject", "import of"],
    ["contender", "contender"],
    ["importMs", "import ms", 1],
    ["wallMs", "process wall ms", 1],
  ]);
  const of = (subject, who) => rows.find((r) => r.subject === subject && r.contender === who)?.importMs;
  const targets = ["client", "server"].map((subject) =>
    target({
      title: `cold import of the ${subject} ≤ ⅕ of official`,
      ours: of(subject, "mcpkit"),
      theirs: { "official 2.x": of(subject, "official 2.x"), "official 1.x": of(subject, "official 1.x") },
      better: "lower",
      goal: 0.2,
    }),
  );
  return { rows, bareNodeWallMs: median(bare), targets };
}
