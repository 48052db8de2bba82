import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type RoundRobinProxy, startProxy } from "./proxy.js";

const script = fileURLToPath(new URL("./node.mjs", import.meta.url));

/** One node process of the fleet. */
interface FleetNode {
  readonly name: string;
  child: ChildProcess | undefined;
  url: string | undefined;
}

/** Three (or `size`) node processes on one Redis behind a round-robin proxy. */
export interface Fleet {
  readonly proxy: RoundRobinProxy;
  readonly nodes: readonly FleetNode[];
  /** Kills node `index` (SIGKILL: no goodbye) and waits for it to exit; the proxy skips it. */
  kill(index: number): Promise<void>;
  /** Starts node `index` again (on a new port). */
  restart(index: number): Promise<void>;
  /** Stops every node and the proxy. */
  close(): Promise<void>;
}

function launch(node: FleetNode, args: readonly string[]): Promise<void> {
  const child = spawn(process.execPath, [script, "--name", node.name, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  node.child = child;
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once("line", (line) => {
      node.url = line.trim();
      resolve();
    });
    child.once("exit", (code) => {
      node.url = undefined;
      reject(new Error(`${node.name} exited (${code}) before it served:\n${stderr}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts a fleet sharing `redisUrl` (or, with `redisUrl` undefined, nodes without Redis).
 *
 * @example
 * ```ts
 * const fleet = await startFleet(redis.url, 3);
 * afterAll(() => fleet.close());
 * ```
 */
export async function startFleet(redisUrl: string | undefined, size = 3, prefix = "fleet:"): Promise<Fleet> {
  const secret = randomBytes(32).toString("hex");
  const args = [
    "--secret",
    secret,
    "--prefix",
    prefix,
    ...(redisUrl ? ["--redis", redisUrl] : ["--no-redis"]),
  ];
  const nodes: FleetNode[] = Array.from({ length: size }, (_, i) => ({
    name: `n${i + 1}`,
    child: undefined,
    url: undefined,
  }));
  const stopAll = async () => {
    await Promise.all(
      nodes.map(async (node) => {
        const child = node.child;
        node.child = undefined;
        node.url = undefined;
        if (!child) return;
        child.kill("SIGKILL");
        await exited(child);
      }),
    );
  };
  try {
    await Promise.all(nodes.map((node) => launch(node, args)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const proxy = await startProxy(() => nodes.map((n) => n.url ?? "http://127.0.0.1:1/mcp"));
  return {
    proxy,
    nodes,
    async kill(index) {
      const node = nodes[index] as FleetNode;
      const child = node.child;
      node.child = undefined;
      node.url = undefined;
      if (!child) return;
      child.kill("SIGKILL");
      await exited(child);
    },
    async restart(index) {
      await launch(nodes[index] as FleetNode, args);
    },
    async close() {
      await proxy.close();
      await stopAll();
    },
  };
}
