import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const SERVER_JS = fileURLToPath(new URL("../../dist/everything-server.js", import.meta.url));
export const CLIENT_JS = fileURLToPath(new URL("../../dist/conformance-client.js", import.meta.url));

/** A running everything-server on a network transport. */
export interface RunningServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** Every line it wrote to stdout so far (the URL must be the only one). */
  readonly stdoutLines: string[];
  stop(): Promise<number | null>;
}

/** Starts the everything-server and waits (at most 20 s) for the URL on its first stdout line. */
export function startServer(args: readonly string[]): Promise<RunningServer> {
  const child = spawn(process.execPath, [SERVER_JS, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const stdoutLines: string[] = [];
  let buffered = "";
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no URL within 20 s; stderr: ${stderr}`));
    }, 20_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before printing its URL; stderr: ${stderr}`));
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      let newline = buffered.indexOf("\n");
      while (newline !== -1) {
        stdoutLines.push(buffered.slice(0, newline));
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf("\n");
      }
      const url = stdoutLines[0];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({
        url,
        child,
        stdoutLines,
        stop: async () => {
          if (child.exitCode === null) child.kill("SIGTERM");
          const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
          const code = await exited;
          clearTimeout(kill);
          return code;
        },
      });
    });
  });
}

/** The outcome of a finished CLI run. */
export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a node script to completion (killed after `timeoutMs`). */
export function runNode(
  script: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  timeoutMs = 20_000,
): Promise<CliResult> {
  const child = spawn(process.execPath, [script, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  return new Promise((resolve) => {
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
