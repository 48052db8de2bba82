/** The longest line accepted from a stdio peer. */
export const MAX_LINE = 16 * 1024 * 1024;

/** Splits a byte stream into newline-delimited lines (UTF-8), bounded in size. */
export class LineReader {
  private buffer = "";

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: () => void,
  ) {}

  push(chunk: string): void {
    this.buffer += chunk;
    let index = this.buffer.indexOf("\n");
    while (index >= 0) {
      const line = this.buffer.slice(0, index);
      this.buffer = this.buffer.slice(index + 1);
      if (line.trim() !== "") this.onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
      index = this.buffer.indexOf("\n");
    }
    if (this.buffer.length > MAX_LINE) {
      this.buffer = "";
      this.onOverflow();
    }
  }

  /** A last line without a trailing newline still counts at end of stream. */
  end(): void {
    if (this.buffer.trim() !== "") this.onLine(this.buffer);
    this.buffer = "";
  }
}
