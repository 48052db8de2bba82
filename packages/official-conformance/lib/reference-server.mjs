/**
 * Starts the reference everything-server over Streamable HTTP on 127.0.0.1, port 0, and reads the
 * URL it prints as the first line of stdout. Bounded: no URL within `startTimeoutMs` is an error.
 */
import { spawn } from "node:child_process";

export function startReferenceServer(serverJs, extraArgs, { startTimeoutMs = 15_000 } = {}) {
  const args = [serverJs, "--transport", "http", "--host", "127.0.0.1", "--port", "0", ...extraArgs];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    let stdout = "";
    const fail = (why) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`everything-server ${args.slice(1).join(" ")}: ${why}\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`printed no URL within ${startTimeoutMs} ms`), startTimeoutMs);
    child.on("error", (error) => fail(error.message));
    child.on("exit", (code) => fail(`exited with ${code} before printing its URL`));
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      const newline = stdout.indexOf("\n");
      if (newline < 0) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      const url = stdout.slice(0, newline).trim();
      if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) return fail(`printed "${url}", not an http URL`);
      resolve({ url, stop: () => stopProcess(child) });
    });
  });
}

/** SIGTERM (the server closes its sessions and exits 0), then SIGKILL after 3 s. */
function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
