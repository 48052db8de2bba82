#!/usr/bin/env node
/**
 * The stdio link between a mutant client and its server: `mutant-relay <mutant> <server command…>`.
 * Starts the server command (`sh -c`) and copies newline-delimited messages both ways, passing each
 * through the mutant's rewrite (client → server: `outbound`; server → client: `inbound`).
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { Line } from "./mutant.js";
import { clientMutants } from "./client-mutants/index.js";

function parse(text: string): Line {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A rewritten line back as text; lines that were not JSON stay exactly as they were. */
function format(line: Line): string {
  return typeof line === "string" ? line : JSON.stringify(line);
}

function pipeLines(
  from: NodeJS.ReadableStream,
  to: NodeJS.WritableStream,
  rewrite: ((line: Line) => Line[]) | undefined,
  onEnd: () => void,
): void {
  const lines = createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on("line", (text) => {
    const out = rewrite && text.trim() !== "" ? rewrite(parse(text)).map(format) : [text];
    for (const line of out) to.write(`${line}\n`);
  });
  lines.on("close", onEnd);
}

const [name, ...command] = process.argv.slice(2);
const mutant = clientMutants.find((m) => m.name === name);
if (mutant === undefined || command.length === 0) {
  process.stderr.write(`usage: mutant-relay <mutant> <server command…> (unknown mutant "${name ?? ""}")\n`);
  process.exit(2);
}
const server = spawn("sh", ["-c", command.join(" ")], { stdio: ["pipe", "pipe", "inherit"] });
pipeLines(process.stdin, server.stdin, mutant.outbound, () => server.stdin.end());
pipeLines(server.stdout, process.stdout, mutant.inbound, () => {});
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
process.on("SIGTERM", () => server.kill("SIGTERM"));
