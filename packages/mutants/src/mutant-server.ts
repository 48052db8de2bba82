#!/usr/bin/env node
/**
 * The everything-server with one injected defect: `mutant-server <mutant> [everything-server args]`.
 * Everything else (arguments, stdout URL line, logging, shutdown) is as the reference server does it.
 */
import { assemble, exitWhenDone, parseServerArgs, serveUntilClosed } from "@mcpkit/reference";
import { serverMutants } from "./server-mutants/index.js";

const USAGE =
  "usage: mutant-server <mutant> [--transport stdio|http|sse|ws] [--host H] [--port N] [--stateless] [--json-response]";

function log(message: string): void {
  process.stderr.write(`[mutant-server] ${message}\n`);
}

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  const mutant = serverMutants.find((m) => m.name === name);
  if (mutant === undefined) {
    log(`unknown mutant "${name ?? ""}"; known: ${serverMutants.map((m) => m.name).join(", ")}\n${USAGE}`);
    return 2;
  }
  let config: ReturnType<typeof parseServerArgs>;
  try {
    config = parseServerArgs(rest);
  } catch (error) {
    log(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const report = (error: unknown) => log(`error: ${error instanceof Error ? error.message : String(error)}`);
  return serveUntilClosed(
    mutant.inject(await assemble(config, report)),
    report,
    log,
    `${mutant.name} (${mutant.defect}) serving`,
  );
}

exitWhenDone(main, log);
