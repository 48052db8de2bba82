import { DroppedLine, edgesOf, type LineEdges } from "./line-edges.js";

const LF = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;
const REPLACEMENT = "\ufffd";

/** Where a {@link LineDecoder} hands what it found. */
export interface LineSink {
  /** A complete line as text, without its `\n`, a trailing `\r` or a leading byte order mark. */
  line(text: string): void;
  /** A complete line whose bytes are not valid UTF-8. */
  notUtf8(): void;
  /**
   * A line longer than the maximum ended; its bytes were dropped as they arrived, but for its first
   * and last few (so the caller can tell whose answer it was).
   */
  tooLarge(byteLength: number, edges: LineEdges): void;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Splits a byte stream into UTF-8 lines on `\n`, working on bytes so a multi-byte character split
 * across chunks is never decoded in halves (0x0A never occurs inside a multi-byte sequence).
 *
 * A line that lies whole inside one chunk (the usual case) is decoded straight from the chunk,
 * with no copy and no view. A line's pieces across chunks are kept as a list and joined once when
 * the line ends, so a big message in many chunks costs linear time. A line over `maxLineBytes` is
 * not kept: its bytes are counted and dropped until the next `\n`, so an endless line cannot
 * exhaust memory; only its first and last 4 KiB are kept.
 */
export class LineDecoder {
  private pieces: Buffer[] = [];
  private size = 0;
  /** The line being dropped, over the maximum: only its edges are kept. */
  private dropped: DroppedLine | undefined;
  private lastByte = -1;

  constructor(
    private readonly maxLineBytes: number,
    private readonly sink: LineSink,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(LF, start);
      if (newline === -1) {
        if (start < chunk.length) this.append(start === 0 ? chunk : chunk.subarray(start));
        return;
      }
      if (this.size === 0 && !this.dropped) this.lineIn(chunk, start, newline);
      else {
        if (newline > start) this.append(chunk.subarray(start, newline));
        this.endLine();
      }
      // A chunk usually ends with its last line: no second search.
      if (newline === chunk.length - 1) return;
      start = newline + 1;
    }
  }

  /** The input ended: a last line without a `\n` still counts. */
  end(): void {
    if (this.size > 0 || this.dropped) this.endLine();
  }

  private append(piece: Buffer): void {
    this.lastByte = piece[piece.length - 1] ?? -1;
    this.size += piece.length;
    if (this.dropped) {
      this.dropped.add(piece);
      return;
    }
    // One byte of slack for the `\r` of a CRLF line, which does not count towards the limit.
    if (this.size > this.maxLineBytes + 1) {
      this.pieces.push(piece);
      this.dropped = new DroppedLine(this.pieces);
      this.pieces = [];
      return;
    }
    // No copy: stream chunks are never reused, and the pieces are joined when the line ends.
    this.pieces.push(piece);
  }

  private endLine(): void {
    const { dropped, pieces, size, lastByte } = this;
    this.pieces = [];
    this.size = 0;
    this.dropped = undefined;
    this.lastByte = -1;
    if (dropped) {
      this.sink.tooLarge(lastByte === CR ? size - 1 : size, dropped.edges);
      return;
    }
    this.lineIn(pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces, size), 0, size);
  }

  /** The line held in `bytes[start, end)`, its `\n` excluded. */
  private lineIn(bytes: Buffer, start: number, end: number): void {
    if (end > start && bytes[end - 1] === CR) end--;
    if (end - start > this.maxLineBytes) {
      this.sink.tooLarge(end - start, edgesOf(bytes, start, end));
      return;
    }
    let text = bytes.toString("utf8", start, end);
    // Decoding replaces bad bytes with U+FFFD; only a line that shows one is checked strictly, as a
    // U+FFFD may also have been sent as such.
    if (text.includes(REPLACEMENT)) {
      try {
        strictUtf8.decode(bytes.subarray(start, end));
      } catch {
        this.sink.notUtf8();
        return;
      }
    }
    if (text.charCodeAt(0) === BOM) text = text.slice(1);
    this.sink.line(text);
  }
}
