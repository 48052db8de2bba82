/**
 * A mistake the user can fix (bad arguments, an unknown tool, a server that will not start): shown
 * as one line, `mcpkit: <message>`, with no stack trace unless `--verbose`.
 */
export class CliError extends Error {
  constructor(
    message: string,
    /** The process exit code: 2 for usage mistakes, 1 for everything else. */
    readonly exitCode = 1,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "CliError";
  }
}

/** A command-line mistake: exit code 2, with a pointer to `--help`. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
    this.name = "UsageError";
  }
}
