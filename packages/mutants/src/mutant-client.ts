#!/usr/bin/env node
/**
 * The conformance client with one injected defect: `mutant-client <mutant> [conformance-client args]`.
 * It runs the reference conformance client unchanged, with its stdio server command (the last
 * argument, as the runner appends it) wrapped in `mutant-relay`, which rewrites the client's
 * messages on the wire. Exit code, stdout and stderr are the reference client's.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { clientMutants } from "./client-mutants/index.js";

const REFERENCE_CLIENT = join(
  dirname(createRequire(import.meta.url).resolve("@mcpkit/reference")),
  "conformance-client.js",
);
const RELAY = fileURLToPath(new URL("./mutant-relay.js", import.meta.url));

const [name, ...args] = process.argv.slice(2);
const mutant = clientMutants.find((m) => m.name === name);
if (mutant === undefined) {
  process.stderr.write(
    `usage: mutant-client <mutant> [args] SERVER_COMMAND\nunknown mutant "${name ?? ""}"; known: ${clientMutants.map((m) => m.name).join(", ")}\n`,
  );
  process.exit(2);
}
const last = args.at(-1);
if (process.env.MCP_CONFORMANCE_TRANSPORT !== "stdio" || last === undefined) {
  process.stderr.write(
    `mutant-client: ${mutant.name} runs over stdio only (MCP_CONFORMANCE_TRANSPORT=stdio)\n`,
  );
  process.exit(2);
}
// The runner's relay command has no quotes and is split on spaces: so is ours.
const wrapped = [process.execPath, RELAY, mutant.name, last].join(" ");
const child = spawn(process.execPath, [REFERENCE_CLIENT, ...args.slice(0, -1), wrapped], {
  stdio: "inherit",
  env: { ...process.env, MCP_CONFORMANCE_SERVER_COMMAND: wrapped },
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
process.on("SIGTERM", () => child.kill("SIGTERM"));
