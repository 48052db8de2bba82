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
/** How many single-scenario runs of a `scenarios` leg go at once (2 cores; each is a Node 22 CLI). */
const SCENARIO_CONCURRENCY = 3;

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

/**
 * The CLI arguments of one leg's runs: one run of its suite, or, for a leg that lists `scenarios`
 * (extension scenarios, which the CLI's server command selects only by name), one run per scenario.
 */
function legRuns(leg) {
  const baseline = ["--expected-failures", BASELINE];
  if (leg.scenarios) return leg.scenarios.map((name) => ["--scenario", name, ...baseline]);
  const version = leg.specVersion === undefined ? [] : ["--spec-version", leg.specVersion];
  return [["--suite", leg.suite ?? "all", ...version, ...baseline]];
}

/** Runs `tasks` (functions returning promises) at most `limit` at a time, results in order. */
async function inBatches(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

async function runLeg(leg, { out, dist, verbose }) {
  const resultsDir = join(out, leg.name);
  mkdirSync(resultsDir, { recursive: true });
  const started = Date.now();
  const server = leg.kind === "server" ? await startReferenceServer(dist.server, leg.serverArgs) : undefined;
  // The client under test runs on this Node (not npx's Node 22, which would come first on PATH).
  const target = server
    ? ["server", "--url", server.url]
    : ["client", "--command", `${process.execPath} ${dist.client}`];
  const runs = legRuns(leg);
  let ran;
  try {
    ran = await inBatches(
      runs.map((args, index) => () => {
        const logPath = runs.length === 1 ? `${resultsDir}.log` : `${resultsDir}-${index}.log`;
        return runOfficialCli([...target, ...args, "-o", resultsDir], {
          logPath,
          timeoutMs: LEG_TIMEOUT_MS,
          echo: verbose,
        });
      }),
      SCENARIO_CONCURRENCY,
    );
  } finally {
    await server?.stop();
  }
  const failed = ran.find((run) => run.code !== 0);
  return {
    ...leg,
    exitCode: failed ? failed.code : 0,
    timedOut: ran.some((run) => run.timedOut),
    ms: Date.now() - started,
    resultsDir,
  };
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
    for (const s of scenarios) {
      for (const check of s.skipped)
        console.log(`  ${leg.name} - ${s.scenario} [SKIPPED ${check.id}] ${check.message}`);
    }
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
