import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { main } from "../../src/cli/main.js";

export const fixtures = resolve(import.meta.dirname, "../fixtures");
export const fakeStdioServer = resolve(import.meta.dirname, "fake-stdio-server.mjs");

/** `sh -c` command that starts the fake stdio server in a mode. */
export function fakeServerCommand(mode: string): string {
  return `FAKE_MODE=${mode} ${process.execPath} ${fakeStdioServer}`;
}

// Paths in reports are relative to cwd: default to this package so the text is the same from any directory.
const packageDir = resolve(import.meta.dirname, "../..");

/** Runs the CLI in-process; returns exit code, stdout, stderr and the last stdout line. */
export async function runCli(argv: string[], cwd = packageDir) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd,
  });
  const lines = stdout.trimEnd().split("\n");
  return { code, stdout, stderr, last: lines[lines.length - 1] ?? "" };
}

/** Writes transcripts into a fresh directory and returns it. */
export function suiteDir(transcripts: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "conformance-suite-"));
  for (const [name, content] of Object.entries(transcripts))
    writeFileSync(join(dir, name), JSON.stringify(content));
  return dir;
}
