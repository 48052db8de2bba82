/** Longest frame header (RFC 6455, section 5.2): 2 bytes, 8 of extended length, 4 of mask key. */
const MAX_HEADER = 14;

/**
 * How many payload bytes of an inbound message have arrived while the message is not complete:
 * the fragments received so far and the part of the frame in progress. Fed the raw bytes a
 * WebSocket server reads from its client, it reads frame headers only (payload bytes are skipped
 * by count, never looked at), so it costs a few operations per frame.
 *
 * The `ws` library buffers exactly these bytes until the message completes and exposes no count of
 * them, so the server keeps its own, from the same bytes. Control frames (ping, pong, close) are
 * not part of a message and are not counted. Malformed framing is not judged here: `ws` closes such
 * a connection itself.
 *
 * @example
 * ```ts
 * import type { Socket } from "node:net";
 * declare const socket: Socket;
 * const progress = new MessageProgress();
 * socket.on("data", (chunk) => {
 *   progress.push(chunk);
 *   console.log(progress.incompleteBytes);
 * });
 * ```
 */
export class MessageProgress {
  /** Payload bytes of the message in progress; 0 between messages. */
  incompleteBytes = 0;
  private readonly header = new Uint8Array(MAX_HEADER);
  private headerFilled = 0;
  private headerLength = 2;
  private payloadLeft = 0;
  private dataFrame = false;
  private finalFrame = false;

  push(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.payloadLeft > 0) {
        const taken = Math.min(this.payloadLeft, chunk.length - at);
        this.payloadLeft -= taken;
        at += taken;
        if (this.dataFrame) this.incompleteBytes += taken;
        if (this.payloadLeft === 0) this.frameEnded();
        continue;
      }
      this.header[this.headerFilled++] = chunk[at++] as number;
      if (this.headerFilled === 2) this.headerLength = headerLength(this.header);
      if (this.headerFilled === this.headerLength) this.headerEnded();
    }
  }

  private headerEnded(): void {
    const { header } = this;
    this.finalFrame = (header[0] as number) >= 0x80;
    // Opcodes 0 (continuation), 1 (text) and 2 (binary) carry a message; 8 and up are control frames.
    this.dataFrame = ((header[0] as number) & 0x0f) < 8;
    this.payloadLeft = payloadLength(header);
    this.headerFilled = 0;
    this.headerLength = 2;
    if (this.payloadLeft === 0) this.frameEnded();
  }

  private frameEnded(): void {
    if (this.dataFrame && this.finalFrame) this.incompleteBytes = 0;
  }
}

/** The header's length, from its first two bytes. */
function headerLength(header: Uint8Array): number {
  const length7 = (header[1] as number) & 0x7f;
  const extended = length7 === 126 ? 2 : length7 === 127 ? 8 : 0;
  const mask = (header[1] as number) >= 0x80 ? 4 : 0;
  return 2 + extended + mask;
}

function payloadLength(header: Uint8Array): number {
  const length7 = (header[1] as number) & 0x7f;
  if (length7 < 126) return length7;
  if (length7 === 126) return ((header[2] as number) << 8) | (header[3] as number);
  // 64 bits: exact up to 2^53, far past any limit (`ws` closes over `maxPayload` on the header).
  let length = 0;
  for (let i = 2; i < 10; i++) length = length * 256 + (header[i] as number);
  return length;
}
