/** The longest line accepted from a stdio peer, in bytes. */
export const MAX_LINE = 16 * 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into newline-delimited lines, bounded in size. Each line is decoded as
 * UTF-8; a line whose bytes are not valid UTF-8 is still handed on (decoded with U+FFFD in place
 * of the bad bytes) with `invalidUtf8` set, so the invariants can report it.
 */
export class LineReader {
  private parts: Uint8Array[] = [];
  private size = 0;
  private readonly strict = new TextDecoder("utf-8", { fatal: true });
  private readonly lenient = new TextDecoder("utf-8");

  constructor(
    private readonly onLine: (line: string, invalidUtf8: boolean) => void,
    private readonly onOverflow: () => void,
  ) {}

  push(chunk: Uint8Array): void {
    let start = 0;
    let index = chunk.indexOf(NEWLINE, start);
    while (index >= 0) {
      this.parts.push(chunk.subarray(start, index));
      this.emit(false);
      start = index + 1;
      index = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) {
      this.parts.push(chunk.subarray(start));
      this.size += chunk.length - start;
    }
    if (this.size > MAX_LINE) {
      this.parts = [];
      this.size = 0;
      this.onOverflow();
    }
  }

  /** A last line without a trailing newline still counts at end of stream. */
  end(): void {
    this.emit(true);
  }

  private emit(last: boolean): void {
    const bytes = this.parts.length === 1 ? (this.parts[0] as Uint8Array) : concat(this.parts);
    this.parts = [];
    this.size = 0;
    let line: string;
    let invalid = false;
    try {
      line = this.strict.decode(bytes);
    } catch {
      line = this.lenient.decode(bytes);
      invalid = true;
    }
    if (line.trim() === "") return;
    this.onLine(!last && line.endsWith("\r") ? line.slice(0, -1) : line, invalid);
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
