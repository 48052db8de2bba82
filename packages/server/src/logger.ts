/**
 * A structured logger for what the server has no caller to tell: a failing notification, a crashed
 * handler, a log message dropped by the rate limit. The signature is pino's (`logger.error(fields,
 * message)`), so a pino logger (or a child of one) fits as it is; so does `console`.
 *
 * @example
 * ```ts
 * const server = new Server({ name: "svc", version: "1.0.0" }, { logger: console });
 * ```
 */
export interface Logger {
  /** A failure something had to give up on. */
  error(fields: Record<string, unknown>, message: string): void;
  /** Something went wrong and was handled (a message dropped, a stream given up). */
  warn(fields: Record<string, unknown>, message: string): void;
  /** A notable event in normal operation. */
  info(fields: Record<string, unknown>, message: string): void;
  /** Detail for diagnosing a problem. */
  debug(fields: Record<string, unknown>, message: string): void;
}

export type LogSeverity = keyof Logger;

/** Writes one entry; a logger that throws is ignored (logging must not take a session down). */
export function logTo(
  logger: Logger | undefined,
  severity: LogSeverity,
  fields: Record<string, unknown>,
  message: string,
): void {
  if (!logger) return;
  try {
    logger[severity](fields, message);
  } catch {
    // Nowhere left to report it.
  }
}

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
