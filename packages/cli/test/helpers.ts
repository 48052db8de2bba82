import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** The CLI as a user runs it: the committed bin shim. */
export const MCPKIT = fileURLToPath(new URL("../bin/mcpkit.js", import.meta.url));
/** The reference everything-server (built). */
export const REFERENCE = join(
  dirname(require.resolve("@mcpkit/reference/package.json")),
  "dist/everything-server.js",
);
/** `node <reference>` as one quoted command line. */
export const REFERENCE_COMMAND = `${process.execPath} ${REFERENCE}`;
/** @modelcontextprotocol/server-everything's entry (pinned). */
export const EVERYTHING = join(
  dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist/index.js",
);
const LOOPBACK = fileURLToPath(new URL("./loopback.mjs", import.meta.url));

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `mcpkit ARGS` to completion (killed after `timeoutMs`, which fails the run). */
export function mcpkit(
  args: readonly string[],
  options: { cwd?: string; timeoutMs?: number; env?: Readonly<Record<string, string>> } = {},
): Promise<Run> {
  const child = spawn(process.execPath, [MCPKIT, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 30_000);
  return new Promise((resolve) => {
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A server process listening on 127.0.0.1. */
export interface Listening {
  readonly url: string;
  stop(): Promise<void>;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts a server and waits (at most 20 s) until `found` recognises its address in the output.
 */
export function startListening(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  found: (output: string) => string | undefined,
): Promise<Listening> {
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopChild(child);
      reject(new Error(`no address within 20 s: ${output}`));
    }, 20_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening: ${output}`));
    };
    child.once("exit", onExit);
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const url = found(output);
      if (url === undefined) return;
      clearTimeout(timer);
      child.off("exit", onExit);
      child.stdout?.off("data", read);
      child.stderr?.off("data", read);
      child.stdout?.resume();
      child.stderr?.resume();
      resolve({ url, stop: () => stopChild(child) });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
  });
}

/** `mcpkit serve ARGS -- node <reference>`: it prints its URL first. */
export function startServe(args: readonly string[] = []): Promise<Listening> {
  return startListening(
    [MCPKIT, "serve", ...args, "--", process.execPath, REFERENCE],
    {},
    (out) => /^(http:\/\/\S+)\n/m.exec(out)?.[1],
  );
}

/** The reference everything-server on `transport` (http, sse or ws): it prints its URL first. */
export function startReference(
  transport: "http" | "sse" | "ws",
  extra: readonly string[] = [],
): Promise<Listening> {
  return startListening(
    [REFERENCE, "--transport", transport, ...extra],
    {},
    (out) => /^((?:https?|wss?):\/\/\S+)\n/m.exec(out)?.[1],
  );
}

/** server-everything over Streamable HTTP (`/mcp`), bound to 127.0.0.1 on a free port. */
export function startEverythingHttp(): Promise<Listening> {
  return startListening(["--import", LOOPBACK, EVERYTHING, "streamableHttp"], { PORT: "0" }, (out) => {
    const port = /loopback-listening (\d+)/.exec(out)?.[1];
    return port ? `http://127.0.0.1:${port}/mcp` : undefined;
  });
}
