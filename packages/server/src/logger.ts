import { type Logger, logTo } from "@mcpkit/core";

// The server logs through core's Logger (pino's signature; `console` fits too), so one logger
// serves the server, the transports and the client alike.
export { type Logger, logTo } from "@mcpkit/core";

/**
 * The server's sink for problems with no caller: `onError`, then the logger at `error` (each
 * guarded: a failing hook must not take a session down).
 */
export function reporter(
  onError: ((error: Error) => void) | undefined,
  logger: Logger | undefined,
): (error: Error) => void {
  return (error) => {
    try {
      onError?.(error);
    } catch {
      // A failing error hook must not take a session down.
    }
    logTo(logger, "error", { err: error }, error.message);
  };
}
