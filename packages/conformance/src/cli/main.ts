import { existsSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { TranscriptError } from "../load/validate.js";
import { loadTranscripts } from "../load/loader.js";
import { loadRequirements } from "../load/requirements.js";
import { isRevisionEntry } from "../model/revisions.js";
import { readExpectedFailures } from "../report/expected-failures.js";
import { readSkipList } from "../report/skip-list.js";
import { formatJson } from "../report/json.js";
import { formatHtml } from "../report/html.js";
import { formatJunit } from "../report/junit.js";
import { summaryLine } from "../report/report.js";
import { LEVELS, levelLine } from "../report/levels.js";
import { formatTable } from "../report/table.js";
import { observeClient } from "../observe/observe-client.js";
import { runConformance } from "../run/runner.js";
import { type CliArgs, USAGE, UsageError, parseArgs } from "./args.js";
import { requirementsCommand } from "./requirements.js";

/** Where the CLI writes. */
export interface CliIo {
  /** Writes to standard output. */
  stdout: (text: string) => void;
  /** Writes to standard error. */
  stderr: (text: string) => void;
  cwd: string;
}

/** Finds conformance/transcripts from `start` upwards. */
function findSuite(start: string): string | undefined {
  let dir = resolve(start);
  for (let i = 0; i < 64; i++) {
    const candidate = join(dir, "conformance", "transcripts");
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

/** The suite copied into the package at build time (dist/suite), for use outside this repository. */
function bundledSuite(): string | undefined {
  const dir = fileURLToPath(new URL("../suite/transcripts", import.meta.url));
  return existsSync(dir) ? dir : undefined;
}

function transcriptPaths(args: CliArgs, cwd: string): string[] {
  if (args.transcripts.length > 0) return args.transcripts.map((p) => resolve(cwd, p));
  const found = findSuite(cwd) ?? bundledSuite();
  if (!found)
    throw new UsageError("no transcripts found (conformance/transcripts upwards); pass --transcripts PATH");
  return [found];
}

function requirementsDir(args: CliArgs, paths: string[], cwd: string): string | undefined {
  if (args.requirementsDir !== undefined) return resolve(cwd, args.requirementsDir);
  const first = paths[0];
  if (first && basename(first) === "transcripts") {
    const sibling = join(dirname(first), "requirements");
    if (existsSync(sibling)) return sibling;
  }
  return undefined;
}

/** The slowest runs, for `--timing`: where the time went. */
function slowest(times: readonly { key: string; ms: number }[], count = 10): string {
  if (times.length === 0) return "";
  const top = [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
  const total = times.reduce((sum, t) => sum + t.ms, 0);
  const lines = top.map((t) => `  ${(t.ms / 1000).toFixed(2).padStart(6)} s  ${t.key}\n`);
  return `slowest runs (of ${(total / 1000).toFixed(1)} s spent in runs):\n${lines.join("")}`;
}

/** `client --observe`: the client's command, the upstream server and the run's bound. */
function observeOptions(args: CliArgs): { command: string; upstream: string; timeoutMs?: number } {
  const out = { command: args.target, upstream: args.upstream ?? "" };
  return args.runTimeoutMs === undefined ? out : { ...out, timeoutMs: args.runTimeoutMs };
}

/**
 * Runs the CLI; returns the exit code (0 pass, 1 failures, 2 usage or transcript errors).
 * @example
 * const code = await main(["server", "--stdio", "node server.js"], { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), cwd: process.cwd() });
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
    for (const entry of args.revisions) {
      if (!isRevisionEntry(entry)) throw new UsageError(`--revision: unknown revision "${entry}"`);
    }
  } catch (error) {
    io.stderr(`mcpkit-conformance: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.command === "help") {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  let report: Awaited<ReturnType<typeof runConformance>>;
  let manifest: ReturnType<typeof loadRequirements> | undefined;
  try {
    const paths = transcriptPaths(args, io.cwd);
    const dir = requirementsDir(args, paths, io.cwd);
    const requirements = dir === undefined ? undefined : loadRequirements(dir);
    manifest = requirements;
    const transcripts = loadTranscripts(paths, requirements, io.cwd);
    if (args.command === "validate") {
      io.stdout(`${transcripts.length} transcript(s) are valid\n`);
      return 0;
    }
    if (args.command === "requirements") {
      if (dir === undefined)
        throw new UsageError("no requirements directory beside the transcripts; pass --requirements DIR");
      const { text, code } = requirementsCommand(args, dir, transcripts);
      io.stdout(text);
      return code;
    }
    const mode = args.command;
    const expected = args.expectedFailures
      ? readExpectedFailures(resolve(io.cwd, args.expectedFailures))[mode]
      : [];
    const options: Parameters<typeof runConformance>[0] = {
      mode,
      transport: args.transport,
      target: args.target,
      transcripts,
      filters: {},
      expectedFailures: expected,
    };
    if (args.skip) options.skip = readSkipList(resolve(io.cwd, args.skip))[mode];
    if (requirements) options.requirements = requirements;
    if (args.revisions.length > 0) options.filters = { ...options.filters, revisions: args.revisions };
    if (args.ids.length > 0) options.filters = { ...options.filters, ids: args.ids };
    if (args.requirements.length > 0)
      options.filters = { ...options.filters, requirements: args.requirements };
    if (args.stepTimeoutMs !== undefined) options.stepTimeoutMs = args.stepTimeoutMs;
    if (args.runTimeoutMs !== undefined) options.runTimeoutMs = args.runTimeoutMs;
    // Runs mostly wait (on a process starting, a step's answer, an expectNothing window): twice
    // the cores keeps them busy.
    options.jobs = args.jobs ?? 2 * availableParallelism();
    if (args.noReuse) options.reuse = false;
    if (args.noInvariants) options.invariants = false;
    if (args.fixtures !== undefined) options.fixtures = args.fixtures;
    if (args.auth || args.authToken !== undefined || args.authTokenInsufficientScope !== undefined) {
      options.auth = { required: true };
      if (args.authToken !== undefined) options.auth.token = args.authToken;
      if (args.authTokenInsufficientScope !== undefined)
        options.auth.insufficientScopeToken = args.authTokenInsufficientScope;
    }
    const times: { key: string; ms: number }[] = [];
    const notes: string[] = [];
    if (args.timing) {
      options.onRunTime = (key, ms) => times.push({ key, ms });
      options.onTimingNote = (note) => notes.push(`${note}\n`);
    }
    const started = performance.now();
    report =
      args.observe && args.upstream !== undefined
        ? await observeClient({ ...observeOptions(args), expectedFailures: expected, requirements })
        : await runConformance(options);
    if (args.timing) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const runs = report.results.length;
      io.stderr(
        `mcpkit-conformance: ${runs} run${runs === 1 ? "" : "s"} in ${seconds} s with --jobs ${options.jobs}\n`,
      );
      io.stderr(notes.join("") + slowest(times));
    }
  } catch (error) {
    const prefix = error instanceof TranscriptError ? "transcript error: " : "";
    io.stderr(`mcpkit-conformance: ${prefix}${(error as Error).message}\n`);
    return 2;
  }
  if (args.json) writeFileSync(resolve(io.cwd, args.json), formatJson(report));
  if (args.junit) writeFileSync(resolve(io.cwd, args.junit), formatJunit(report));
  if (args.html) writeFileSync(resolve(io.cwd, args.html), formatHtml(report, manifest));
  io.stdout(formatTable(report));
  const byLevel = report.summary.failedByLevel;
  if (report.summary.failed > 0 && byLevel) io.stdout(`${levelLine(byLevel)}\n`);
  io.stdout(`${summaryLine(report)}\n`);
  const counted = LEVELS.slice(0, LEVELS.indexOf(args.failOn) + 1);
  const failing = report.results.filter(
    (r) => (r.verdict === "failed" || r.verdict === "unexpected-pass") && counted.includes(r.level ?? "MUST"),
  );
  return failing.length > 0 ? 1 : 0;
}
