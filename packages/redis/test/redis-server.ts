import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A real `redis-server` of the test's own: a free loopback port, a temporary directory, no
 * persistence, never daemonized, never a system service. `stop` kills the process it started;
 * `restart` starts a new one on the same port (an outage and a recovery, as a fleet sees them).
 */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Kills the server (SIGKILL: an outage, not a shutdown) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts the server again on the same port (after `stop`), empty. */
  start(): Promise<void>;
  /** Stops the server for good and removes its directory. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts redis-server and resolves once it accepts connections (it says so on stdout). */
function launch(port: number, dir: string): Promise<ChildProcess> {
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--save",
    "",
    "--appendonly",
    "no",
  ];
  const child = spawn("redis-server", [...args, "--daemonize", "no", "--protected-mode", "yes"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("Ready to accept connections")) {
        child.stdout?.off("data", onData);
        child.off("exit", onExit);
        // Keep draining the pipes so a chatty server never blocks on a full pipe.
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(child);
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`redis-server exited (${code}) before it was ready:\n${output.slice(-2000)}`));
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.once("exit", onExit);
    child.once("error", reject);
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts a redis-server for a test file.
 *
 * @example
 * ```ts
 * const redis = await startRedis();
 * afterAll(() => redis.close());
 * ```
 */
export async function startRedis(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), "mcpkit-redis-"));
  let port = 0;
  let child: ChildProcess | undefined;
  // A port found free can be taken before redis binds it: try a few.
  for (let attempt = 0; attempt < 5 && child === undefined; attempt++) {
    port = await freePort();
    try {
      child = await launch(port, dir);
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running) return;
    running.kill("SIGKILL");
    await exited(running);
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    async start() {
      if (child) throw new Error("redis-server is already running");
      child = await launch(port, dir);
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
