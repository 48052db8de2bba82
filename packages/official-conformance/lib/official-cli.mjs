/**
 * Runs the official conformance CLI (@modelcontextprotocol/conformance, pinned in package.json)
 * under Node 22, which it requires, through `npx -y node@22 <cli.js>`; our own processes keep the
 * Node that runs this script. Every run is bounded: on timeout the whole process group is killed.
 */
import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The absolute path of the CLI's JavaScript entry, read from its package.json `bin`. */
export function officialCliPath() {
  const manifestPath = require.resolve("@modelcontextprotocol/conformance/package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.conformance;
  if (!bin) throw new Error(`${manifestPath} names no "conformance" bin`);
  return { path: join(dirname(manifestPath), bin), version: manifest.version };
}

/**
 * Runs `npx -y node@22 <cli> ...args`, writing stdout and stderr to `logPath`.
 * Resolves with the exit code (null when killed) and whether the time limit was hit.
 */
export function runOfficialCli(args, { logPath, timeoutMs, echo = false }) {
  const { path } = officialCliPath();
  const log = createWriteStream(logPath);
  const child = spawn("npx", ["-y", "node@22", path, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so a timeout also ends the mock servers and clients it started.
    detached: true,
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      log.write(chunk);
      if (echo) process.stdout.write(chunk);
    });
  }
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid, "SIGKILL");
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot start npx: ${error.message}`));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      log.end(() => resolve({ code, timedOut }));
    });
  });
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
