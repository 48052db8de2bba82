// Starts a contender's HTTP server in a child process (fork, IPC) and talks to it.
import { fork } from "node:child_process";
import { once } from "node:events";
import { profileFlags } from "./node-args.mjs";

const START_TIMEOUT_MS = 20_000;

/** Forks `serverScript http`; resolves once it listens. `exposeGc` lets it GC before measuring. */
export async function startHttpChild(serverScript, { exposeGc = false } = {}) {
  const child = fork(serverScript, ["http"], {
    execArgv: [...profileFlags(), ...(exposeGc ? ["--expose-gc"] : [])],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${serverScript}: no URL within 20 s`)),
      START_TIMEOUT_MS,
    );
    child.once("exit", (code) => reject(new Error(`${serverScript} exited early (${code})`)));
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve(message.url);
    });
  });
  const memory = () =>
    new Promise((resolve) => {
      child.once("message", (message) => resolve(message.memory));
      child.send("memory");
    });
  const stop = async () => {
    if (child.exitCode !== null) return;
    // Disconnecting lets the child exit on its own (and write a profile); kill it if it lingers.
    const exited = once(child, "exit");
    child.disconnect();
    const timer = setTimeout(() => child.kill(), 2_000);
    await exited;
    clearTimeout(timer);
  };
  return { url, pid: child.pid, memory, stop };
}
