import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
 * Runs our conformance runner's CLI (a process of its own) against the Streamable HTTP endpoint
 * at `url`: every server transcript, both eras (`extra`: more runner options, e.g.
 * `--expected-failures FILE`). Transcripts that change what the server holds for everyone
 * (`"fresh": true`) the runner runs alone, so runs beside them (`server/tools/list-stable`) see
 * no change they did not make. Resolves with the exit code, the output and the report.
 */
export async function conformance(
  url: string,
  extra: readonly string[] = [],
): Promise<{ code: number; output: string; report: Report }> {
  const dir = mkdtempSync(join(tmpdir(), "mcpkit-framework-"));
  try {
    return await runner(url, dir, extra);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One run of the CLI with `args`, its JSON report written in `dir`. */
async function runner(
  url: string,
  dir: string,
  args: readonly string[],
): Promise<{ code: number; output: string; report: Report }> {
  const json = join(dir, "report.json");
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
