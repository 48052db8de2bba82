import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "../../..");

/** An example started with its documented command, in a process group of its own. */
export interface RunningExample {
  /** The endpoint URL it printed first. */
  readonly url: string;
  /** What it wrote so far. */
  output(): string;
  /** SIGTERM to the group; resolves once the whole group has exited (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

/** Runs `pnpm --filter NAME start` with `PORT=0` and waits (at most 60 s) for its URL line. */
export async function startExample(name: string): Promise<RunningExample> {
  const child: ChildProcess = spawn("pnpm", ["--filter", name, "start"], {
    cwd: root,
    env: { ...process.env, PORT: "0" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // "close": every process holding its pipes (tsx and the example under pnpm) has gone.
  const exited = new Promise<void>((done) => child.once("close", () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
      const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, "SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${name} printed no URL within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const found = /^http:\/\/127\.0\.0\.1:\d+\/mcp$/m.exec(output);
      if (found) {
        clearTimeout(timer);
        done(found[0]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`${name} exited before printing its URL:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, output: () => output, stop };
}
