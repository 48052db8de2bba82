import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { run } from "./processes.js";

const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve("@mcpkit/conformance/package.json")), "dist/cli.js");
const packageDir = resolve(import.meta.dirname, "..");
/** This repository's suite, not the copy bundled in the runner's dist. */
const transcripts = resolve(packageDir, "../../conformance/transcripts");
/** The runs known to fail on a runtime, with the reasons: `expected-failures/RUNTIME.yaml`. */
export const expectedFailuresOf = (runtime: string) =>
  join(packageDir, "expected-failures", `${runtime}.yaml`);

/**
 * The representative subset run on every runtime but the ones that run everything: the opening
 * exchanges, JSON-RPC basics, tools (content, progress, cancellation, errors), elicitation,
 * subscriptions, multi-round input (sealed `requestState`), and both eras' HTTP rules.
 */
export const subset = [
  "server/base/*",
  "server/lifecycle/*",
  "server/tools/*",
  "server/elicitation/*",
  "server/subscriptions/*",
  "server/mrtr/*",
  "server/http/*",
  "server/http2026/*",
];

/** What the tests read of the runner's JSON report (docs/conformance-format.md §12). */
export interface Report {
  summary: { passed: number; failed: number; skipped: number; expectedFailures: number };
  results: { key: string; transport: string; verdict: string; failure?: { reason: string } }[];
}

/**
 * Runs our conformance runner (its CLI, as a separate Node process) against a server inside
 * `runtime`: `target` is `["--url", URL]` or `["--stdio", COMMAND]`; `ids` limits it to those
 * transcripts (all if empty); `extra` are more runner options. The runtime's expected failures, if
 * it has a file, are passed on, and so are the runs it skips (`skip/RUNTIME.json`).
 */
export async function conformance(
  runtime: string,
  target: readonly string[],
  ids: readonly string[],
  extra: readonly string[] = [],
  ms = 240_000,
): Promise<{ code: number | null; output: string; report: Report }> {
  const dir = mkdtempSync(join(tmpdir(), "runtimes-"));
  const json = join(dir, "report.json");
  try {
    const args = [cli, "server", ...target, "--transcripts", transcripts];
    if (existsSync(expectedFailuresOf(runtime)))
      args.push("--expected-failures", expectedFailuresOf(runtime));
    // Runs whose outcome on a runtime depends on timing, with the reason: `skip/RUNTIME.json`.
    const skip = join(packageDir, "skip", `${runtime}.json`);
    if (existsSync(skip)) args.push("--skip", skip);
    args.push("--json", json);
    for (const id of ids) args.push("--id", id);
    args.push(...extra);
    const { code, stdout, stderr } = await run(process.execPath, args, { ms });
    const output = `${stdout}${stderr}`;
    if (!existsSync(json)) throw new Error(`mcpkit-conformance exited ${code} without a report:\n${output}`);
    return { code, output, report: JSON.parse(readFileSync(json, "utf8")) as Report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The failure lines of a run (for assertion messages): empty when everything passed. */
export function failures(result: { output: string }): string {
  const at = result.output.indexOf("Failures:");
  return at < 0 ? "" : result.output.slice(at, at + 6000);
}
