#!/usr/bin/env node
/**
 * The everything-server: every conformance fixture, over stdio (default), Streamable HTTP, legacy
 * HTTP+SSE or WebSocket. Network transports print the endpoint URL as the first and only line of
 * stdout; all logging goes to stderr (stdout is the protocol channel under stdio).
 */
import { assemble } from "./server/assemble.js";
import { parseServerArgs, SERVER_USAGE, UsageError } from "./server/config.js";
import { exitWhenDone, serveUntilClosed } from "./server/serve-process.js";

function log(message: string): void {
  process.stderr.write(`[everything-server] ${message}\n`);
}

async function main(): Promise<number> {
  let config: ReturnType<typeof parseServerArgs>;
  try {
    config = parseServerArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`${error.message}\n${SERVER_USAGE}`);
    return 2;
  }
  const report = (error: unknown) => log(`error: ${error instanceof Error ? error.message : String(error)}`);
  return serveUntilClosed(await assemble(config, report), report, log, "serving");
}

exitWhenDone(main, log);
