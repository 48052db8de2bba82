import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

/** The repository's root: every example is started from there, as its README says. */
export const root = resolve(import.meta.dirname, "../../..");

/** pnpm's own settings (npm_config_*) from the test's runner are not the user's: leave them out. */
export const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)));

/** A server started by a test: the stdout line it announced itself with, and how to stop it. */
export interface Running {
  readonly line: string;
  output(): string;
  /** SIGTERM to its process group, SIGKILL after 5 s; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Signals a detached child's whole process group (pnpm, tsx and node under it). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Starts `command args` in its own process group and resolves once a stdout line matches `line`
 * (rejects if it exits first, or after `ms`, with what it wrote).
 */
export async function startServer(
  command: string,
  args: readonly string[],
  line: RegExp,
  options: { cwd?: string; env?: NodeJS.ProcessEnv; ms?: number } = {},
): Promise<Running> {
  const child = spawn(command, args, {
    cwd: options.cwd ?? root,
    env: options.env ?? cleanEnv(),
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signalGroup(child, "SIGTERM");
    const timer = setTimeout(() => signalGroup(child, "SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  const ms = options.ms ?? 60_000;
  try {
    const found = await new Promise<string>((resolveLine, reject) => {
      const timer = setTimeout(() => reject(new Error(`no line ${line} within ${ms} ms:\n${out}${err}`)), ms);
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString("utf8");
        const match = out.split("\n").find((l) => line.test(l));
        if (match === undefined) return;
        clearTimeout(timer);
        resolveLine(match);
      });
      child.stderr.on("data", (chunk: Buffer) => {
        err += chunk.toString("utf8");
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`${command} ${args.join(" ")} exited (${child.exitCode}):\n${out}${err}`));
      });
    });
    return { line: found, output: () => `${out}${err}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs `command args` to its end (its group SIGKILLed after `ms`): exit code and output. */
export async function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; ms?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, {
    cwd: options.cwd ?? root,
    env: options.env ?? cleanEnv(),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), options.ms ?? 90_000);
  const code = await new Promise<number | null>((done) => child.once("close", (c) => done(c)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}
