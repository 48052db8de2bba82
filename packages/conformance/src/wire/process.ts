import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { Deferred, delay } from "../run/time.js";
import type { ExitInfo } from "./wire.js";

const STDERR_KEEP = 4096;

/** Children still running, so an interrupted runner can end them (they live in their own groups). */
const live = new Set<ChildHandle>();

/** Kills every child process this runner started and that is still running (used on SIGINT). */
export function killAllChildren(): void {
  for (const handle of live) handle.kill();
}

/** A child process started through `sh -c`, in its own process group so it can be ended whole. */
export class ChildHandle {
  readonly child: ChildProcessWithoutNullStreams;
  readonly exit = new Deferred<ExitInfo>();
  /** Resolved when the process has exited and its stdout/stderr are drained. */
  readonly closedAll = new Deferred<ExitInfo>();
  private stderr = "";

  constructor(command: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = process.env) {
    this.child = spawn("sh", ["-c", command, "sh", ...args], { env, detached: true, stdio: "pipe" });
    this.child.on("error", () => this.exit.resolve({ code: null, signal: "SPAWN_ERROR" }));
    live.add(this);
    this.child.on("exit", (code, signal) => {
      live.delete(this);
      this.exit.resolve({ code, signal });
    });
    this.child.on("close", (code, signal) => this.closedAll.resolve({ code, signal }));
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_KEEP);
    });
    // Writes to a process that already exited fail with EPIPE: the exit itself is what we report.
    this.child.stdin.on("error", () => {});
  }

  /** The last few lines of stderr. */
  stderrTail(lines = 5): string {
    return this.stderr.trimEnd().split("\n").slice(-lines).join("\n");
  }

  /** SIGKILL to the whole process group, at once. */
  kill(): void {
    this.signal("SIGKILL");
  }

  private signal(name: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, name);
    } catch {
      try {
        this.child.kill(name);
      } catch {
        // Already gone.
      }
    }
  }

  /** Closes stdin, then SIGTERM, then SIGKILL: each bounded. Safe to call twice. */
  async stop(graceMs = 2000): Promise<void> {
    if (!this.exit.settled) {
      this.child.stdin.end();
      await Promise.race([this.exit.promise, delay(Math.min(200, graceMs))]);
    }
    if (!this.exit.settled) {
      this.signal("SIGTERM");
      await Promise.race([this.exit.promise, delay(graceMs)]);
    }
    // The group may hold grandchildren even after the shell exited.
    this.signal("SIGKILL");
    await Promise.race([this.closedAll.promise, delay(500)]);
    this.child.stdout.destroy();
    this.child.stderr.destroy();
  }
}

/** Words for how a process ended: `exited with code 1`, `was killed by SIGSEGV`. */
export function describeExit(exit: ExitInfo): string {
  if (exit.signal === "SPAWN_ERROR") return "could not be started";
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}
