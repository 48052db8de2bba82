/**
 * A structured logger for what has no caller to tell: a dropped message, a stream resumed or given
 * up, a reconnection, a listener that threw. The signature is pino's (`logger.warn(fields,
 * message)`), so a pino logger (or a child of one) fits as it is; so does `console`.
 *
 * @example
 * ```ts
 * const logger: Logger = console;
 * logger.warn({ sessionId: "abc" }, "the session expired");
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

/** A {@link Logger} method's name. */
export type LogSeverity = keyof Logger;

/**
 * Writes one entry to `logger`, if there is one; a logger that throws is ignored (logging must
 * not take a connection down).
 *
 * @example
 * ```ts
 * logTo(console, "info", { attempt: 2 }, "reconnected");
 * ```
 */
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
