#!/usr/bin/env node
// The suite's kill rate over every mutant, at both eras: each mutant's transcript subset runs at its
// own revisions and at 2026-07-28 (server mutants also with the invariants' observe pass), once with
// the invariant layer and once without. Prints one line per mutant and the totals as Markdown.
// Usage (after `pnpm --filter @mcpkit/mutants build`): node scripts/kill-rate.mjs [--jobs N]
// [--only NAME,NAME] (only these mutants, e.g. the ones a change added)
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadRequirements, loadTranscripts, runConformance } from "@mcpkit/conformance";
import { clientMutants, invariantMutants, serverMutants } from "../dist/index.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const DIST = fileURLToPath(new URL("../dist", import.meta.url));
const REFERENCE = dirname(createRequire(import.meta.url).resolve("@mcpkit/reference"));
const jobs = Number(process.argv[process.argv.indexOf("--jobs") + 1]) || 2;
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt < 0 ? undefined : new Set((process.argv[onlyAt + 1] ?? "").split(","));
const chosen = (m) => only === undefined || only.has(m.name);
const requirements = loadRequirements(join(ROOT, "conformance", "requirements"));
const transcripts = loadTranscripts([join(ROOT, "conformance", "transcripts")], requirements);

function startServer(script, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no URL from ${script}`));
    }, 20_000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) {
        clearTimeout(timer);
        resolve({ child, url: out.split("\n")[0].trim() });
      }
    });
    child.on("exit", () => clearTimeout(timer));
  });
}

/** Failed result keys of one invocation. */
async function failures(mode, script, args, subset, invariants) {
  const revisions = [...new Set([...subset.revisions, "2026-07-28"])];
  const ids = mode === "server" ? [...subset.ids, "invariants/observe"] : subset.ids;
  const run = (target) =>
    runConformance({
      mode,
      transport: subset.transport,
      target,
      transcripts,
      requirements,
      invariants,
      filters: { ids, revisions },
    });
  let report;
  if (mode === "client" || subset.transport === "stdio")
    report = await run(["node", script, ...args].join(" "));
  else {
    const { child, url } = await startServer(script, [...args, "--transport", subset.transport]);
    try {
      report = await run(url);
    } finally {
      child.kill("SIGKILL");
    }
  }
  return report.results.filter((r) => r.status === "failed").map((r) => r.key);
}

async function judge(mode, mutant) {
  const reference = join(REFERENCE, mode === "server" ? "everything-server.js" : "conformance-client.js");
  const script = join(DIST, mode === "server" ? "mutant-server.js" : "mutant-client.js");
  const baseline = await failures(mode, reference, [], mutant.subset, true);
  const withInvariants = await failures(mode, script, [mutant.name], mutant.subset, true);
  // Client runs have their invariants too (the rules on everything the client sends).
  const transcriptsOnly = await failures(mode, script, [mutant.name], mutant.subset, false);
  return {
    mode,
    name: mutant.name,
    invariantClass: invariantMutants.includes(mutant),
    baseline,
    withInvariants,
    transcriptsOnly,
  };
}

const tasks = [
  ...serverMutants.filter(chosen).map((m) => () => judge("server", m)),
  ...clientMutants.filter(chosen).map((m) => () => judge("client", m)),
];
const rows = new Array(tasks.length);
let next = 0;
await Promise.all(
  Array.from({ length: jobs }, async () => {
    while (next < tasks.length) {
      const i = next++;
      rows[i] = await tasks[i]();
      const r = rows[i];
      process.stderr.write(
        `${r.mode} ${r.name}: ${r.withInvariants.length} / ${r.transcriptsOnly.length} (baseline ${r.baseline.length})\n`,
      );
    }
  }),
);
const killed = (list) => list.filter((r) => r.withInvariants.length > 0).length;
const killedBefore = (list) => list.filter((r) => r.transcriptsOnly.length > 0).length;
console.log("| mutant | side | transcripts only | with invariants | invariant results |");
console.log("|---|---|---|---|---|");
for (const r of rows) {
  const inv = r.withInvariants
    .filter((k) => k.startsWith("invariant/"))
    .map((k) => k.replace("invariant/", ""));
  console.log(
    `| ${r.name}${r.invariantClass ? " (new)" : ""} | ${r.mode} | ${r.transcriptsOnly.length > 0 ? "killed" : "survived"} | ${r.withInvariants.length > 0 ? "killed" : "survived"} | ${inv.join(", ")} |`,
  );
}
const server = rows.filter((r) => r.mode === "server");
const client = rows.filter((r) => r.mode === "client");
console.log(
  `\nserver: ${killedBefore(server)}/${server.length} killed by transcripts only, ${killed(server)}/${server.length} with invariants`,
);
console.log(`client: ${killed(client)}/${client.length} killed`);
console.log(
  `all: ${killedBefore(rows)}/${rows.length} before, ${killed(rows)}/${rows.length} with invariants`,
);
const dirty = rows.filter((r) => r.baseline.length > 0);
console.log(
  `reference failures on these subsets: ${dirty.length === 0 ? "none" : dirty.map((r) => `${r.name}: ${r.baseline.join(", ")}`).join("; ")}`,
);
