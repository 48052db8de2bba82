import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type LoadedTranscript,
  loadRequirements,
  loadTranscripts,
  type Report,
  type RunnerAuth,
  runConformance,
  summaryLine,
  formatTable,
  type TransportName,
} from "@mcpkit/conformance";
import type { TranscriptSubset } from "../src/mutant.js";

const require = createRequire(import.meta.url);
export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const REFERENCE_DIST = dirname(require.resolve("@mcpkit/reference"));
export const REFERENCE_SERVER = join(REFERENCE_DIST, "everything-server.js");
export const REFERENCE_CLIENT = join(REFERENCE_DIST, "conformance-client.js");
const DIST = fileURLToPath(new URL("../dist", import.meta.url));
export const MUTANT_SERVER = join(DIST, "mutant-server.js");
export const MUTANT_CLIENT = join(DIST, "mutant-client.js");

/** What one runner invocation reported. */
export interface Outcome {
  readonly exitCode: number | null;
  readonly passed: readonly string[];
  readonly failed: readonly string[];
  /** Runs not run, each as `key: reason`. */
  readonly skipped: readonly string[];
  /** The runner's last line, `conformance: N passed, N failed`. */
  readonly summary: string;
  readonly output: string;
}

/** Starts a network server (`node script args`) and resolves with it and the URL it prints first. */
export function startNetworkServer(
  script: string,
  args: readonly string[],
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no URL from ${script} within 10 s`));
    }, 10_000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const line = out.split("\n");
      if (line.length > 1) {
        clearTimeout(timer);
        resolve({ child, url: (line[0] as string).trim() });
      }
    });
    child.stderr.resume();
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before printing its URL`));
    });
  });
}

const TRANSCRIPTS = join(ROOT, "conformance", "transcripts");
const requirements = loadRequirements(join(ROOT, "conformance", "requirements"));
let transcripts: LoadedTranscript[] | undefined;

/** The runner's report, as the CLI would end it (its exit code and last line). */
function outcome(report: Report): Outcome {
  const failed = report.results.filter((r) => r.status === "failed").map((r) => r.key);
  return {
    exitCode: failed.length > 0 ? 1 : 0,
    passed: report.results.filter((r) => r.status === "passed").map((r) => r.key),
    failed,
    skipped: report.results
      .filter((r) => r.status === "skipped")
      .map((r) => `${r.key}: ${r.skipReason ?? ""}`),
    summary: summaryLine(report),
    output: formatTable(report),
  };
}

/**
 * One runner invocation through its programmatic API (in-process: no CLI start-up per mutant).
 * Every wait inside the runner is bounded, so this settles.
 */
export async function runner(
  mode: "server" | "client",
  target: string,
  subset: TranscriptSubset,
  transport: TransportName = subset.transport,
  auth?: RunnerAuth,
): Promise<Outcome> {
  transcripts ??= loadTranscripts([TRANSCRIPTS], requirements);
  const report = await runConformance({
    mode,
    transport,
    target,
    transcripts,
    ...(requirements === undefined ? {} : { requirements }),
    filters: { ids: [...subset.ids], revisions: [...subset.revisions] },
    ...(auth === undefined ? {} : { auth }),
  });
  return outcome(report);
}

/**
 * Runs the runner's server mode against `node script [args]` over the subset's transport (stdio:
 * the runner starts the command per run; network: one server process for the whole invocation).
 */
export async function runServer(
  script: string,
  args: readonly string[],
  subset: TranscriptSubset,
): Promise<Outcome> {
  if (subset.transport === "stdio") {
    return runner("server", ["node", script, ...args].join(" "), subset);
  }
  const { child, url } = await startNetworkServer(script, [...args, "--transport", subset.transport]);
  try {
    return await runner("server", url, subset);
  } finally {
    child.kill("SIGKILL");
  }
}

/** Runs the runner's client mode against `node script [args]` over stdio. */
export function runClient(
  script: string,
  args: readonly string[],
  subset: TranscriptSubset,
): Promise<Outcome> {
  return runner("client", ["node", script, ...args].join(" "), subset);
}

/** Runs `tasks` with at most `limit` at a time. */
export async function pool<T>(limit: number, tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
