import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { expect } from "vitest";

const require = createRequire(import.meta.url);

/** The pinned server under test: its bin entry (package.json `bin`). */
export const serverEverything = join(
  dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist/index.js",
);

/** Our runner's CLI (package.json `bin`), run as a separate process like a user would. */
export const conformanceCli = join(
  dirname(require.resolve("@mcpkit/conformance/package.json")),
  "dist/cli.js",
);

export const packageDir = resolve(import.meta.dirname, "..");

/** The bin entry (`dist/index.js`) of an installed `@modelcontextprotocol/server-*` package. */
export function officialServer(name: string): string {
  return join(dirname(require.resolve(`@modelcontextprotocol/${name}/package.json`)), "dist/index.js");
}
/** The suite of this repository, not the copy bundled in the runner's dist. */
export const transcripts = resolve(packageDir, "../../conformance/transcripts");
export const skipFile = join(packageDir, "server-everything/skip.json");
export const expectedFailuresFile = join(packageDir, "server-everything/expected-failures.yaml");
export const loopbackPreload = join(packageDir, "test/loopback-preload.mjs");
/** The examples `@modelcontextprotocol/sdk` 1.x ships (its exports map sends `package.json` to dist/cjs). */
export const sdkV1Examples = join(packageDir, "node_modules/@modelcontextprotocol/sdk/dist/esm/examples");

/** The arguments every suite run here shares: this repository's transcripts, the expected failures, a 10 s step timeout. */
export function suiteArgs(expectedFailures: string): string[] {
  return ["--transcripts", transcripts, "--expected-failures", expectedFailures, "--step-timeout", "10000"];
}

/** Quotes one argument for `sh -c`. */
export function shellQuote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** The subset of the runner's JSON report (docs/conformance-format.md §12) the tests read. */
export interface ConformanceReport {
  summary: { passed: number; failed: number; skipped: number; expectedFailures: number };
  results: {
    key: string;
    transcript: string;
    title: string;
    transport: string;
    verdict: string;
    skipReason?: string;
    failure?: { reason: string };
  }[];
}

/** Runs `mcpkit-conformance ARGS --json FILE`, bounded; returns exit code, output and the report. */
export async function runConformance(args: string[], timeoutMs: number): Promise<ConformanceRun> {
  const json = join(mkdtempSync(join(tmpdir(), "third-party-")), "report.json");
  const child = spawn(process.execPath, [conformanceCli, ...args, "--json", json], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((done) => child.on("close", (c) => done(c)));
  clearTimeout(timer);
  // A usage or transcript error (exit 2) writes no report: show what the runner said instead.
  if (!existsSync(json)) throw new Error(`mcpkit-conformance exited ${code} without a report:\n${output}`);
  const report = JSON.parse(readFileSync(json, "utf8")) as ConformanceReport;
  return { code, output, report };
}

/** A server process listening on 127.0.0.1 and a free port, and the URL under test. */
export interface HttpServer {
  url: string;
  stop: () => Promise<void>;
  /** With `ports` given to {@link startListening}: each fixed port asked for -> the port got. */
  ports: Map<string, number>;
}

/**
 * Starts `server-everything streamableHttp` (endpoint `/mcp`) or `sse` (legacy HTTP+SSE, GET
 * `/sse`) with PORT=0, bound to 127.0.0.1 by a preload (it would listen on every interface), and
 * waits (bounded) for the address it reports.
 */
export function startHttpServer(mode: "streamableHttp" | "sse", timeoutMs = 20_000): Promise<HttpServer> {
  return startListening(serverEverything, [mode], mode === "sse" ? "/sse" : "/mcp", timeoutMs);
}

/**
 * Starts `node SCRIPT ARGS` with PORT=0 and the loopback preload (a listen without a host binds
 * 127.0.0.1; the real address is printed on stderr), waits (bounded) for that address and returns
 * the URL of `path` on it. With `ports` (fixed ports the script asks for, moved to free ones by
 * MCPKIT_PORT_ZERO=1), waits until it listens on each and the URL is on the first.
 */
export async function startListening(
  script: string,
  args: readonly string[],
  path: string,
  timeoutMs = 20_000,
  env: Record<string, string> = {},
  ports: readonly string[] = [],
): Promise<HttpServer> {
  const child: ChildProcess = spawn(process.execPath, ["--import", loopbackPreload, script, ...args], {
    env: { ...process.env, PORT: "0", MCP_PORT: "0", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 2000);
    await exited;
    clearTimeout(timer);
  };
  let stderr = "";
  const got = new Map<string, number>();
  try {
    const port = await new Promise<number>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`${script} did not listen within ${timeoutMs} ms: ${stderr}`)),
        timeoutMs,
      );
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
        for (const m of stderr.matchAll(/mcpkit-third-party listening 127\.0\.0\.1:(\d+) for port (\d+)/g)) {
          got.set(m[2] as string, Number(m[1]));
        }
        const m = /mcpkit-third-party listening 127\.0\.0\.1:(\d+)/.exec(stderr);
        if (m && ports.every((port) => got.has(port))) {
          clearTimeout(timer);
          done(ports.length > 0 ? (got.get(ports[0] as string) as number) : Number(m[1]));
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        fail(new Error(`${script} exited (${code}) before listening: ${stderr}`));
      });
    });
    return { url: `http://127.0.0.1:${port}${path}`, stop, ports: got };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The expected-failures entries for one transport (entries without `:TRANSPORT` apply to all). */
export function expectedEntries(transport: string, file = expectedFailuresFile): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => /^\s+-\s+(\S+)/.exec(line)?.[1])
    .filter((entry): entry is string => entry !== undefined)
    .filter((entry) => !entry.includes(":") || entry.endsWith(`:${transport}`));
}

/** A finished `mcpkit-conformance` run, as {@link runConformance} returns it. */
export interface ConformanceRun {
  code: number | null;
  output: string;
  report: ConformanceReport;
}

/**
 * The run is clean against its expected-failures file, every entry for `transport` still bites
 * (a stale entry fails), and the implementation was really exercised: the result `exercised`
 * passed on some revision (ping for a server, `observe/client` for an observed client).
 */
export function expectOnlyKnownDeviations(
  run: ConformanceRun,
  file: string,
  transport: string,
  exercised = "server/lifecycle/ping",
): void {
  expect(run.code, run.output).toBe(0);
  expect(run.report.summary.failed, run.output).toBe(0);
  const xfail = run.report.results.filter((r) => r.verdict === "expected-failure");
  for (const entry of expectedEntries(transport, file)) {
    const [id, revision] = (entry.split(":")[0] as string).split("@");
    const hit = xfail.some(
      (r) => r.transcript === id && (revision === undefined || r.key.endsWith(`@${revision}`)),
    );
    expect(hit, `expected-failures entry ${entry} matched no failing ${transport} run`).toBe(true);
  }
  expect(
    run.report.results.some((r) => r.transcript === exercised && r.verdict === "passed"),
    run.output,
  ).toBe(true);
}
