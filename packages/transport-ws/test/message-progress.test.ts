import { describe, expect, it } from "vitest";
import { MessageProgress } from "../src/message-progress.js";
import { frame, frameHeader } from "./raw-frames.js";

const TEXT = 0x1;
const CONTINUATION = 0x0;
const PING = 0x9;

/** `incompleteBytes` after each step of `steps`, fed in chunks of `size` bytes. */
function countsFor(steps: Buffer[], size: number): number[] {
  const progress = new MessageProgress();
  return steps.map((step) => {
    for (let at = 0; at < step.length; at += size) progress.push(step.subarray(at, at + size));
    return progress.incompleteBytes;
  });
}

describe("MessageProgress", () => {
  it("counts fragments and the frame in progress until the final fragment, however the bytes are cut", () => {
    const whole = frame(TEXT, false, "a".repeat(300));
    const steps = [
      whole, // a first fragment of 300 bytes (16-bit length)
      frame(PING, true, "are you there"), // control frames are not part of the message
      frameHeader(CONTINUATION, false, 70_000), // a 64-bit length, payload still to come
      Buffer.alloc(50_000, 0x62),
      Buffer.alloc(20_000, 0x62),
      frame(CONTINUATION, true, "end"), // the message completes
      frame(TEXT, true, "{}"), // a whole message at once leaves nothing incomplete
      frame(TEXT, false, ""), // an empty first fragment
      frame(CONTINUATION, true, "x"),
    ];
    const expected = [300, 300, 300, 50_300, 70_300, 0, 0, 0, 0];
    for (const size of [1, 2, 3, 7, 14, 1000, 100_000])
      expect(countsFor(steps, size), `chunks of ${size}`).toEqual(expected);
  });

  it("reads unmasked headers too", () => {
    const progress = new MessageProgress();
    progress.push(Uint8Array.of(0x01, 5, 0x61, 0x61));
    expect(progress.incompleteBytes).toBe(2);
    progress.push(Uint8Array.of(0x61, 0x61, 0x61, 0x80, 0));
    expect(progress.incompleteBytes).toBe(0);
  });
});
