/** Where a command writes and reads: the process's streams, or a test's. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (progress bar, prompts). */
  readonly errIsTty: boolean;
  /** Whether stdin is a terminal (interactive answers). */
  readonly inIsTty: boolean;
  readonly stdin: NodeJS.ReadableStream;
  readonly cwd: string;
}

/** The process's own streams. */
export function processIo(): Io {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    errIsTty: process.stderr.isTTY === true,
    inIsTty: process.stdin.isTTY === true,
    stdin: process.stdin,
    cwd: process.cwd(),
  };
}
