import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { binaries } from "./binaries.js";
import { type Started, start } from "./processes.js";

export const fixtures = resolve(import.meta.dirname, "../fixtures");

/** A runtime that serves {@link fixtures}/app.ts, and how. */
export type ServerRuntime = "node22" | "node24" | "node26" | "node24-native" | "bun" | "deno" | "workerd";

/** A server running inside a runtime: its endpoint and how to stop it. */
export interface RunningServer {
  readonly url: string;
  readonly process: Started;
  stop(): Promise<void>;
}

/**
 * Bundles a fixture for a runtime that takes one file (workerd, the browser) under the conditions
 * such runtimes resolve with: never `node`, so a Node-only module cannot slip in.
 */
export async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(fixtures, entry)],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    logLevel: "silent",
  });
}

/**
 * The workerd config of one ES-module worker, with no Node compatibility flag. With `loopback`,
 * its `fetch` may reach 127.0.0.1 (the client scenario's server); otherwise nothing outside.
 */
function workerdConfig(module: string, loopback: boolean): string {
  const outbound = loopback ? `  globalOutbound = "loopback",\n` : "";
  const network = loopback ? `, (name = "loopback", network = (allow = ["local", "private"]))` : "";
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .mcpWorker)${network} ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);

const mcpWorker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "${module}") ],
  compatibilityDate = "2025-09-01",
${outbound});
`;
}

/**
 * Bundles a worker fixture and serves it with workerd on 127.0.0.1 and a free port; resolves
 * with its origin (`http://127.0.0.1:PORT`) once it listens.
 */
export async function startWorkerd(
  entry: string,
  loopback: boolean,
): Promise<{ origin: string; process: Started; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "runtimes-workerd-"));
  await bundle(entry, join(dir, "worker.js"));
  writeFileSync(join(dir, "config.capnp"), workerdConfig("worker.js", loopback));
  // workerd announces its address on stderr.
  const started = start(binaries.workerd(), ["serve", join(dir, "config.capnp")], { from: "stderr" });
  const stop = async () => {
    await started.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const line = await started.firstLine;
    const origin = line.replace(/^Listening on /, "");
    if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(origin)) throw new Error(`unexpected first line: ${line}`);
    return { origin, process: started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Starts the app inside `runtime` on 127.0.0.1 and a free port; resolves once it listens. */
export async function startServer(runtime: ServerRuntime): Promise<RunningServer> {
  if (runtime === "workerd") {
    const worker = await startWorkerd("worker.ts", false);
    return { url: `${worker.origin}/mcp`, process: worker.process, stop: worker.stop };
  }
  const serveWeb = join(fixtures, "serve-web.ts");
  const started = start(...serverCommand(runtime, serveWeb));
  try {
    const url = await started.firstLine;
    if (!/^http:\/\/127\.0\.0\.1:\d+\/mcp$/.test(url))
      throw new Error(`unexpected first line: ${url}\n${started.output()}`);
    return { url, process: started, stop: () => started.stop() };
  } catch (error) {
    await started.stop();
    throw error;
  }
}

/** A runtime with processes and a command line (Node, Bun, Deno). */
export type ProcessRuntime = "node22" | "node24" | "node26" | "bun" | "deno";

/** The command that runs a TypeScript fixture in a runtime with processes. */
export function runIn(
  runtime: ProcessRuntime,
  script: string,
  args: readonly string[] = [],
): [string, string[]] {
  switch (runtime) {
    case "bun":
      return [binaries.bun(), [script, ...args]];
    case "deno":
      return [
        binaries.deno(),
        ["run", "--allow-net=127.0.0.1", "--allow-read", "--allow-env", script, ...args],
      ];
    default:
      // Node 22.18+ strips TypeScript types by default.
      return [binaries[runtime](), [script, ...args]];
  }
}

function serverCommand(runtime: Exclude<ServerRuntime, "workerd">, serveWeb: string): [string, string[]] {
  return runtime === "node24-native"
    ? runIn("node24", serveWeb, ["--node-native"])
    : runIn(runtime, serveWeb);
}
