const LF = 0x0a;
const CR = 0x0d;

/** Where a {@link LineDecoder} hands what it found. */
export interface LineSink {
  /** A complete line, without its `\n` or a trailing `\r`. Only valid during the call. */
  line(bytes: Uint8Array): void;
  /** A line longer than the maximum ended; its bytes were dropped as they arrived. */
  tooLarge(byteLength: number): void;
}

/**
 * Splits a byte stream into lines on `\n`, working on bytes so a multi-byte UTF-8 character split
 * across chunks is never decoded in halves (0x0A never occurs inside a multi-byte sequence).
 *
 * A line's pieces are kept as a list and joined once when the line ends, so a big message in many
 * chunks costs linear time. A line over `maxLineBytes` is not kept: its bytes are counted and
 * dropped until the next `\n`, so an endless line cannot exhaust memory.
 */
export class LineDecoder {
  private pieces: Uint8Array[] = [];
  private size = 0;
  private discarding = false;
  private lastByte = -1;

  constructor(
    private readonly maxLineBytes: number,
    private readonly sink: LineSink,
  ) {}

  push(chunk: Uint8Array): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(LF, start);
      if (newline === -1) {
        this.append(chunk.subarray(start));
        return;
      }
      this.append(chunk.subarray(start, newline));
      this.endLine();
      start = newline + 1;
    }
  }

  /** The input ended: a last line without a `\n` still counts. */
  end(): void {
    if (this.size > 0 || this.discarding) this.endLine();
  }

  private append(piece: Uint8Array): void {
    if (piece.length === 0) return;
    this.lastByte = piece[piece.length - 1] ?? -1;
    this.size += piece.length;
    if (this.discarding) return;
    // One byte of slack for the `\r` of a CRLF line, which does not count towards the limit.
    if (this.size > this.maxLineBytes + 1) {
      this.discarding = true;
      this.pieces = [];
      return;
    }
    // No copy: stream chunks are never reused, and the pieces are joined when the line ends.
    this.pieces.push(piece);
  }

  private endLine(): void {
    const length = this.lastByte === CR ? this.size - 1 : this.size;
    const { discarding, pieces } = this;
    this.pieces = [];
    this.size = 0;
    this.discarding = false;
    this.lastByte = -1;
    if (discarding || length > this.maxLineBytes) {
      this.sink.tooLarge(length);
      return;
    }
    const line = pieces.length === 1 ? (pieces[0] as Uint8Array) : Buffer.concat(pieces);
    this.sink.line(line.subarray(0, length));
  }
}
