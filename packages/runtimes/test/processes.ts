import { type ChildProcess, spawn } from "node:child_process";

/** A process started by a test, with everything it wrote so far (for failure messages). */
export interface Started {
  readonly child: ChildProcess;
  /**
   * The first line of stdout (of stderr with `from: "stderr"`, of either with `"both"`) that
   * matches `line` (default: any): a server's URL.
   */
  readonly firstLine: Promise<string>;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
  /**
   * SIGTERM, then SIGKILL if it has not exited within 5 s; resolves once it has exited. With
   * `group`, the signals go to its whole process group (a `pnpm start` and what it started).
   */
  stop(): Promise<void>;
}

/** Starts `command args` (pipes only), bounded: the first line must come within `ms`. */
export function start(
  command: string,
  args: readonly string[],
  options: {
    cwd?: string;
    ms?: number;
    from?: "stdout" | "stderr" | "both";
    line?: RegExp;
    env?: NodeJS.ProcessEnv;
    group?: boolean;
  } = {},
): Started {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: options.group === true,
    // stdin stays open (and unused) while it runs: some servers (esbuild's) stop when it closes.
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ms = options.ms ?? 30_000;
  let first: (text: string) => void = () => {};
  const firstLine = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no first line from ${command} within ${ms} ms:\n${out}${err}`)),
      ms,
    );
    first = (text) => {
      const complete = text.slice(0, text.lastIndexOf("\n") + 1);
      const found = complete.split("\n").find((l) => (options.line ?? /./).test(l.trim()));
      if (found === undefined) return;
      clearTimeout(timer);
      resolve(found.trim());
    };
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before its first line:\n${out}${err}`));
    });
  });
  firstLine.catch(() => {});
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
    if (options.from !== "stderr") first(out);
    if (options.from === "both") first(`${out}${err}`);
  });
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString("utf8");
    if (options.from === "stderr") first(err);
    if (options.from === "both") first(`${err}${out}`);
  });
  return {
    child,
    firstLine,
    exited,
    output: () => `${out}${err}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const signal = (name: NodeJS.Signals) => {
        try {
          if (options.group && child.pid !== undefined) process.kill(-child.pid, name);
          else child.kill(name);
        } catch {
          // Already gone.
        }
      };
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a command to its end (bounded by `ms`, then SIGKILL) and returns its code and output. */
export async function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; ms: number; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
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
  const timer = setTimeout(() => child.kill("SIGKILL"), options.ms);
  const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}
