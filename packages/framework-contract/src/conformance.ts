import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve("@mcpkit/conformance/package.json")), "dist/cli.js");
/** This repository's suite, not the copy bundled in the runner's dist. */
const transcripts = resolve(import.meta.dirname, "../../../conformance/transcripts");

/** What the tests read of the runner's JSON report (docs/conformance-format.md). */
export interface Report {
  summary: { passed: number; failed: number; skipped: number; expectedFailures: number };
  results: { key: string; verdict: string }[];
}

/**
 * Runs that must not overlap others: the stateless era has one server, and a run that triggers
 * a tool-list change (server/subscriptions/listen-tools, filter) during this one changes the list
 * it checks stays the same. They run after the others, one at a time.
 */
const ALONE = ["server/tools/list-stable"];

/**
 * Runs our conformance runner's CLI (a process of its own) against the Streamable HTTP endpoint
 * at `url`: every server transcript, both eras (`extra`: more runner options, e.g.
 * `--expected-failures FILE`; not `--skip`, which it uses), the {@link ALONE} runs after the rest. Resolves with the exit code
 * (the worse of the two passes), the output and the two reports merged.
 */
export async function conformance(
  url: string,
  extra: readonly string[] = [],
): Promise<{ code: number; output: string; report: Report }> {
  const dir = mkdtempSync(join(tmpdir(), "mcpkit-framework-"));
  try {
    const skip = join(dir, "alone.json");
    const reason = "run alone afterwards: other runs change the shared tool list";
    writeFileSync(skip, JSON.stringify({ server: ALONE.map((entry) => ({ entry, reason })), client: [] }));
    const rest = await runner(url, dir, "rest", ["--skip", skip, ...extra]);
    const alone = await runner(url, dir, "alone", [
      ...ALONE.flatMap((id) => ["--id", id]),
      "--jobs",
      "1",
      ...extra,
    ]);
    const a = rest.report.summary;
    const b = alone.report.summary;
    const deferred = (key: string) => ALONE.some((id) => key.startsWith(`${id}@`));
    const kept = rest.report.results.filter((r) => !(r.verdict === "skipped" && deferred(r.key)));
    const summary = {
      passed: a.passed + b.passed,
      failed: a.failed + b.failed,
      skipped: a.skipped - (rest.report.results.length - kept.length) + b.skipped,
      expectedFailures: a.expectedFailures + b.expectedFailures,
    };
    const results = [...kept, ...alone.report.results];
    const code = rest.code !== 0 ? rest.code : alone.code;
    return { code, output: `${rest.output}\n${alone.output}`, report: { summary, results } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One run of the CLI with `args`, its JSON report written in `dir`. */
async function runner(
  url: string,
  dir: string,
  name: string,
  args: readonly string[],
): Promise<{ code: number; output: string; report: Report }> {
  const json = join(dir, `${name}.json`);
  const all = [cli, "server", "--url", url, "--transcripts", transcripts, "--json", json, ...args];
  const { code, output } = await new Promise<{ code: number; output: string }>((done) => {
    execFile(process.execPath, all, { timeout: 280_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const code = error && typeof error.code === "number" ? error.code : error ? -1 : 0;
      done({ code, output: `${stdout}${stderr}` });
    });
  });
  return { code, output, report: JSON.parse(readFileSync(json, "utf8")) as Report };
}

/** The failure lines of a run, for assertion messages. */
export function failures(output: string): string {
  const at = output.indexOf("Failures:");
  return at < 0 ? "" : output.slice(at, at + 6000);
}
