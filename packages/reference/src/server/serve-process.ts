import { type Assembly, start } from "./assemble.js";
import { UsageError } from "./config.js";

/** Writes one line to stderr (stdout is the protocol channel under stdio). */
export type Log = (message: string) => void;

/**
 * Serves an assembled everything-server in this process until it closes: network transports print
 * their URL as the first line of stdout; SIGINT and SIGTERM close it. Resolves to the exit code
 * (2 when the options cannot be served, 1 when starting failed).
 *
 * @example
 * ```ts
 * const code = await serveUntilClosed(await assemble(config, report), report, log, "serving");
 * ```
 */
export async function serveUntilClosed(
  assembly: Assembly,
  report: (error: unknown) => void,
  log: Log,
  label: string,
): Promise<number> {
  let endpoint: Awaited<ReturnType<typeof start>>;
  try {
    endpoint = await start(assembly, report);
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    return error instanceof UsageError ? 2 : 1;
  }
  if (endpoint.url !== undefined) process.stdout.write(`${endpoint.url}\n`);
  log(`${label} over ${assembly.config.transport}${endpoint.url ? ` at ${endpoint.url}` : ""}`);
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

/**
 * Runs a CLI's `main` and exits with its code; lingering sockets or timers must not keep a closed
 * server alive, so the process exits at most 500 ms later.
 */
export function exitWhenDone(main: () => Promise<number>, log: Log): void {
  main().then(
    (code) => {
      process.exitCode = code;
      setTimeout(() => process.exit(code), 500).unref();
    },
    (error: unknown) => {
      log(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
