import type { Io } from "../io.js";

/** What a progress notification says. */
export interface ProgressReport {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

const WIDTH = 24;

/**
 * Shows progress on stderr: a bar redrawn in place on a terminal, one line per report otherwise.
 * `clear()` removes the bar before the result is printed; `keep()` ends its line, leaving it on
 * screen, before a question is asked.
 */
export class ProgressView {
  private drawn = false;
  constructor(private readonly io: Io) {}

  /** On a terminal: says what is running until the first report replaces it. */
  start(label: string): void {
    if (!this.io.errIsTty) return;
    this.io.err(`\r\x1b[2K${label} (Ctrl-C cancels)`);
    this.drawn = true;
  }

  update({ progress, total, message }: ProgressReport): void {
    const note = message ? ` ${message}` : "";
    if (!this.io.errIsTty) {
      this.io.err(`progress ${progress}${total !== undefined ? `/${total}` : ""}${note}\n`);
      return;
    }
    let line: string;
    if (total !== undefined && total > 0) {
      const ratio = Math.min(1, Math.max(0, progress / total));
      const filled = Math.round(ratio * WIDTH);
      line = `[${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${Math.round(ratio * 100)}%${note}`;
    } else {
      line = `[${"?".repeat(WIDTH)}] ${progress}${note}`;
    }
    this.io.err(`\r\x1b[2K${line}`);
    this.drawn = true;
  }

  keep(): void {
    if (!this.drawn) return;
    this.io.err("\n");
    this.drawn = false;
  }

  clear(): void {
    if (!this.drawn) return;
    this.io.err("\r\x1b[2K");
    this.drawn = false;
  }
}
