#!/usr/bin/env node
/**
 * Runs the official MCP conformance suite (pinned) against the reference everything-server and
 * conformance client, leg by leg (lib/legs.mjs), with expected-failures.yml as the baseline.
 *
 *   node run.mjs [--out DIR] [--leg NAME]... [--reference DIST] [--verbose]
 *
 * Needs packages/reference built (pnpm --filter @mcpkit/reference build) and the npm registry
 * (npx fetches Node 22 once into ~/.npm). Writes DIR/<leg>/ (the CLI's results), DIR/<leg>.log
 * (its output) and DIR/summary.json; prints one line per failing scenario and per leg.
 * `--reference` points at another build of the reference dist (default: @mcpkit/reference's).
 * Exit status: 0 when every leg's CLI exited 0 (only baseline failures), 1 otherwise, 2 on bad use.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { LEGS } from "./lib/legs.mjs";
import { officialCliPath, runOfficialCli } from "./lib/official-cli.mjs";
import { startReferenceServer } from "./lib/reference-server.mjs";
import { readExpectedFailures, readScenarioResults } from "./lib/results.mjs";

const PACKAGE_DIR = dirname(fileURLToPath(import.meta.url));
const BASELINE = join(PACKAGE_DIR, "expected-failures.yml");
/** One leg's ceiling; a client leg normally takes 20–30 s (its scenarios run in parallel). */
const LEG_TIMEOUT_MS = 120_000;

function parseArgs(argv) {
  const options = { out: undefined, legs: [], reference: undefined, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--out" && argv[i + 1]) options.out = resolve(argv[++i]);
    else if (arg === "--leg" && argv[i + 1]) options.legs.push(argv[++i]);
    else if (arg === "--reference" && argv[i + 1]) options.reference = resolve(argv[++i]);
    else if (arg === "--verbose") options.verbose = true;
    else throw new UsageError(`unknown argument "${arg}"`);
  }
  const unknown = options.legs.filter((name) => !LEGS.some((leg) => leg.name === name));
  if (unknown.length > 0) throw new UsageError(`unknown leg ${unknown.join(", ")}`);
  return options;
}

class UsageError extends Error {}

function referenceDist(override) {
  const manifest = createRequire(import.meta.url).resolve("@mcpkit/reference/package.json");
  const dist = override ?? join(dirname(manifest), "dist");
  const files = { server: join(dist, "everything-server.js"), client: join(dist, "conformance-client.js") };
  for (const file of Object.values(files)) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: build it (pnpm --filter @mcpkit/reference build)`);
  }
  // The CLI splits --command on spaces: a path with a space cannot be passed.
  if (/\s/.test(files.client + process.execPath)) throw new Error("paths with spaces are not supported");
  return files;
}

async function runLeg(leg, { out, dist, verbose }) {
  const resultsDir = join(out, leg.name);
  mkdirSync(resultsDir, { recursive: true });
  const common = [
    "--suite",
    leg.suite ?? "all",
    ...(leg.specVersion === undefined ? [] : ["--spec-version", leg.specVersion]),
    "--expected-failures",
    BASELINE,
  ];
  const started = Date.now();
  let run;
  if (leg.kind === "server") {
    const server = await startReferenceServer(dist.server, leg.serverArgs);
    try {
      const args = ["server", "--url", server.url, ...common, "-o", resultsDir];
      run = await runOfficialCli(args, {
        logPath: `${resultsDir}.log`,
        timeoutMs: LEG_TIMEOUT_MS,
        echo: verbose,
      });
    } finally {
      await server.stop();
    }
  } else {
    // The client under test runs on this Node (not npx's Node 22, which would come first on PATH).
    const command = `${process.execPath} ${dist.client}`;
    const args = ["client", "--command", command, ...common, "-o", resultsDir];
    run = await runOfficialCli(args, {
      logPath: `${resultsDir}.log`,
      timeoutMs: LEG_TIMEOUT_MS,
      echo: verbose,
    });
  }
  return { ...leg, exitCode: run.code, timedOut: run.timedOut, ms: Date.now() - started, resultsDir };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const dist = referenceDist(options.reference);
  const out = options.out ?? mkdtempSync(join(tmpdir(), "mcpkit-official-conformance-"));
  mkdirSync(out, { recursive: true });
  const baseline = readExpectedFailures(readFileSync(BASELINE, "utf8"));
  const cli = officialCliPath();
  const legs = LEGS.filter((leg) => options.legs.length === 0 || options.legs.includes(leg.name));

  const summary = { suiteVersion: cli.version, expectedFailures: baseline, outDir: out, legs: [] };
  for (const leg of legs) {
    const ran = await runLeg(leg, { out, dist, verbose: options.verbose }).catch((error) => {
      // A leg that cannot run (e.g. the server never printed its URL) fails; the others still run.
      console.log(`  ${leg.name} ✗ ${error.message}`);
      return {
        ...leg,
        exitCode: null,
        timedOut: false,
        ms: 0,
        resultsDir: join(out, leg.name),
        error: error.message,
      };
    });
    const scenarios = readScenarioResults(ran.resultsDir, leg.kind).map((result) => ({
      ...result,
      expected: baseline[leg.kind].includes(result.scenario),
    }));
    const unexpected = scenarios.filter((s) => s.failures.length > 0 && !s.expected);
    const stale = scenarios.filter((s) => s.failures.length === 0 && s.expected);
    summary.legs.push({
      ...ran,
      scenarios,
      unexpected: unexpected.map((s) => s.scenario),
      stale: stale.map((s) => s.scenario),
    });
    for (const s of unexpected) {
      for (const f of s.failures)
        console.log(`  ${leg.name} ✗ ${s.scenario} [${f.status} ${f.id}] ${f.message}`);
    }
    for (const s of stale)
      console.log(`  ${leg.name} ✗ ${s.scenario} passes but is listed in expected-failures.yml`);
    const expectedCount = scenarios.filter((s) => s.expected && s.failures.length > 0).length;
    const verdict = ran.timedOut ? "TIMED OUT" : `exit ${ran.exitCode}`;
    console.log(
      `${leg.name}: ${verdict}, ${scenarios.length} scenarios, ${unexpected.length} unexpected failures, ` +
        `${expectedCount} expected (auth), ${stale.length} stale, ${(ran.ms / 1000).toFixed(1)} s`,
    );
  }
  writeFileSync(join(out, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`official conformance ${cli.version}: results in ${out}`);
  return summary.legs.every((leg) => leg.exitCode === 0) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`official-conformance: ${error.message}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
