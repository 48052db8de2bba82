// The fleet benchmark's processes: a redis-server of its own (free loopback port, temporary
// directory, no persistence), node processes running fleet-node.mjs, and a round-robin proxy.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const nodeScript = fileURLToPath(new URL("./fleet-node.mjs", import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}

/** Starts redis-server; resolves `{ url, pid, stop }` once it accepts connections. */
export async function startRedisServer() {
  const dir = mkdtempSync(join(tmpdir(), "mcpkit-bench-redis-"));
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise((resolve, reject) => {
    let output = "";
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`)));
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) resolve();
    });
  });
  child.stdout.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts one fleet node; `redisUrl` undefined: a node without Redis. */
export async function startNode({ redisUrl, secret, prefix }) {
  const args = [
    nodeScript,
    "--secret",
    secret,
    "--prefix",
    prefix,
    ...(redisUrl ? ["--redis", redisUrl] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`fleet node exited (${code})`)));
    createInterface({ input: child.stdout }).once("line", (line) => resolve(line.trim()));
  });
  return { url, pid: child.pid, stop: () => stopChild(child) };
}

/** A round-robin HTTP proxy over `urls`, with kept-alive upstream connections. */
export async function startProxy(urls) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = createServer((req, res) => {
    const target = new URL(urls[next++ % urls.length]);
    const out = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        // Pass the head on at once: an SSE stream may send no event for a while (a session-era
        // GET stream, a POST before its answer) and the client waits for the head, as it would
        // from the node itself.
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    async stop() {
      server.closeAllConnections();
      server.close();
      agent.destroy();
    },
  };
}
