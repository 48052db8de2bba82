/** The longest stderr line kept for an error, in UTF-16 units; longer ones are cut. */
const MAX_KEPT_LINE = 1000;

/**
 * The last lines a child wrote to stderr, kept (bounded: `max` lines of at most 1000 characters
 * each) so that an error about its exit can say what it said before it died.
 */
export class StderrTail {
  private readonly kept: string[] = [];

  constructor(private readonly max: number) {}

  /** Records one line. */
  push(line: string): void {
    if (this.max <= 0) return;
    this.kept.push(line.length > MAX_KEPT_LINE ? `${line.slice(0, MAX_KEPT_LINE)}…` : line);
    if (this.kept.length > this.max) this.kept.shift();
  }

  /** The lines kept, oldest first. */
  get lines(): readonly string[] {
    return [...this.kept];
  }

  /** `; its last stderr lines: ...` for an error message, or "" when there are none. */
  describe(): string {
    if (this.kept.length === 0) return "";
    return `; its stderr ended with:\n${this.kept.map((line) => `  ${line}`).join("\n")}`;
  }
}
