/** How much of each end of an oversize line is kept: enough for the members around its big value. */
export const EDGE_BYTES = 4096;

/** The first and last bytes (at most {@link EDGE_BYTES} each) of a line too large to keep. */
export interface LineEdges {
  readonly head: Buffer;
  readonly tail: Buffer;
}

/** The edges of a line held whole in `bytes[start, end)`: views, no copies. */
export function edgesOf(bytes: Buffer, start: number, end: number): LineEdges {
  return {
    head: bytes.subarray(start, Math.min(end, start + EDGE_BYTES)),
    tail: bytes.subarray(Math.max(start, end - EDGE_BYTES), end),
  };
}

/**
 * The edges of a line being dropped as it arrives: its first bytes (copied, from the pieces held
 * when it went over the maximum and from the next ones while fewer than {@link EDGE_BYTES}), and
 * a window on its last ones.
 */
export class DroppedLine {
  private readonly head = Buffer.allocUnsafe(EDGE_BYTES);
  private headFilled = 0;
  private readonly tail = new TailWindow();

  /** `held`: the line's pieces so far, the one that took it over the maximum included. */
  constructor(held: readonly Buffer[]) {
    for (const piece of held) {
      if (this.headFilled === EDGE_BYTES) break;
      this.fillHead(piece);
    }
    let from = held.length;
    let kept = 0;
    while (from > 0 && kept < EDGE_BYTES) kept += (held[--from] as Buffer).length;
    for (let i = from; i < held.length; i++) this.tail.add(held[i] as Buffer);
  }

  add(piece: Buffer): void {
    if (this.headFilled < EDGE_BYTES) this.fillHead(piece);
    this.tail.add(piece);
  }

  get edges(): LineEdges {
    return { head: this.head.subarray(0, this.headFilled), tail: this.tail.bytes };
  }

  private fillHead(piece: Buffer): void {
    this.headFilled += piece.copy(
      this.head,
      this.headFilled,
      0,
      Math.min(piece.length, EDGE_BYTES - this.headFilled),
    );
  }
}

/**
 * The last {@link EDGE_BYTES} of a stream of pieces, in a window twice that size: a piece is copied
 * in after the bytes before it, and the window slides back once it is full, so each byte is copied
 * a bounded number of times whatever the pieces' sizes.
 */
class TailWindow {
  private readonly window = Buffer.allocUnsafe(2 * EDGE_BYTES);
  private filled = 0;

  add(piece: Buffer): void {
    if (piece.length >= EDGE_BYTES) {
      this.filled = piece.copy(this.window, 0, piece.length - EDGE_BYTES);
      return;
    }
    if (this.filled + piece.length > this.window.length) {
      this.window.copyWithin(0, this.filled - EDGE_BYTES, this.filled);
      this.filled = EDGE_BYTES;
    }
    this.filled += piece.copy(this.window, this.filled);
  }

  get bytes(): Buffer {
    return this.window.subarray(Math.max(0, this.filled - EDGE_BYTES), this.filled);
  }
}
