import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { build } from "esbuild";

const require = createRequire(import.meta.url);

/** workerd's binary, from its platform package (no install script needs to have run). */
function workerdBinary(): string {
  const outer = require.resolve("workerd/package.json");
  return join(
    dirname(createRequire(outer).resolve("@cloudflare/workerd-linux-64/package.json")),
    "bin/workerd",
  );
}

/** One ES-module worker on 127.0.0.1 and a free port, with no Node compatibility flag. */
const config = `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .honoWorker) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);

const honoWorker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
);
`;

/** A running workerd: its origin, what it wrote, and how to stop it. */
export interface Workerd {
  readonly origin: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Bundles `worker.ts` under the conditions Workers resolve with (never `node`, so a Node-only
 * module cannot slip in) and serves it with workerd; resolves once it listens (at most 60 s).
 */
export async function startWorkerd(): Promise<Workerd> {
  const dir = mkdtempSync(join(tmpdir(), "mcpkit-hono-workerd-"));
  await build({
    entryPoints: [join(import.meta.dirname, "worker.ts")],
    outfile: join(dir, "worker.js"),
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    logLevel: "silent",
  });
  writeFileSync(join(dir, "config.capnp"), config);
  const child: ChildProcess = spawn(workerdBinary(), ["serve", join(dir, "config.capnp")], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const origin = await new Promise<string>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`workerd did not listen within 60 s:\n${output}`)),
        60_000,
      );
      const read = (chunk: Buffer) => {
        output += chunk.toString("utf8");
        // workerd announces its address on stderr.
        const found = /^Listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
        if (found?.[1]) {
          clearTimeout(timer);
          done(found[1]);
        }
      };
      child.stdout?.on("data", read);
      child.stderr?.on("data", read);
      void exited.then(() => {
        clearTimeout(timer);
        fail(new Error(`workerd exited before listening:\n${output}`));
      });
    });
    return { origin, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
