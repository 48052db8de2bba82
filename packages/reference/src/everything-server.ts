#!/usr/bin/env node
/**
 * The everything-server: every conformance fixture, over stdio (default), Streamable HTTP, legacy
 * HTTP+SSE or WebSocket. Network transports print the endpoint URL as the first and only line of
 * stdout; all logging goes to stderr (stdout is the protocol channel under stdio).
 */
import { assemble, start } from "./server/assemble.js";
import { parseServerArgs, SERVER_USAGE, UsageError } from "./server/config.js";

function log(message: string): void {
  process.stderr.write(`[everything-server] ${message}\n`);
}

async function main(): Promise<number> {
  let config: ReturnType<typeof parseServerArgs>;
  try {
    config = parseServerArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`${error.message}\n${SERVER_USAGE}`);
    return 2;
  }
  const report = (error: unknown) => log(`error: ${error instanceof Error ? error.message : String(error)}`);
  const assembly = assemble(config, report);
  let endpoint: Awaited<ReturnType<typeof start>>;
  try {
    endpoint = await start(assembly, report);
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    return error instanceof UsageError ? 2 : 1;
  }
  if (endpoint.url !== undefined) process.stdout.write(`${endpoint.url}\n`);
  log(`serving over ${config.transport}${endpoint.url ? ` at ${endpoint.url}` : ""}`);
  const stop = (signal: string) => {
    log(`${signal}: closing`);
    void endpoint.close();
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
  await endpoint.closed;
  await assembly.definition.server.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
    // Lingering sockets or timers must not keep a closed server alive.
    setTimeout(() => process.exit(code), 500).unref();
  },
  (error: unknown) => {
    log(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
