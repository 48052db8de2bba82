/**
 * Our conformance runner against a fleet: three everything-server processes on one redis-server
 * (`--redis`, one shared `--secret`) behind a round-robin proxy that spreads every request (POST,
 * GET, DELETE) over them, over Streamable HTTP. Needs `redis-server` on the PATH (it starts its
 * own: loopback, temporary directory, no persistence) and built packages. Exit code: the runner's.
 *
 *   node scripts/conformance-fleet.mjs [runner options, e.g. --revision session]
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { startProxy, startRedisServer } from "../packages/bench/src/lib/fleet-processes.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const redis = await startRedisServer();
const nodes = [];
let code = 1;
try {
  for (let i = 0; i < 3; i++) {
    const args = ["packages/reference/dist/everything-server.js", "--http", "--redis", redis.url];
    const child = spawn(process.execPath, [...args, "--secret", "the conformance fleet's secret"], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    nodes.push(child);
    const url = await new Promise((resolve, reject) => {
      child.once("exit", (status) => reject(new Error(`an everything-server exited (${status})`)));
      createInterface({ input: child.stdout }).once("line", resolve);
    });
    nodes[i] = Object.assign(child, { url });
  }
  const proxy = await startProxy(nodes.map((n) => n.url));
  try {
    const runner = spawn(
      process.execPath,
      [
        "packages/conformance/dist/cli.js",
        "server",
        "--url",
        proxy.url,
        "--transport",
        "http",
        ...process.argv.slice(2),
      ],
      { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
    );
    code = await new Promise((resolve) => runner.on("close", (status) => resolve(status ?? 1)));
  } finally {
    await proxy.stop();
  }
} finally {
  for (const node of nodes) node.kill("SIGKILL");
  await redis.stop();
}
process.exit(code);
