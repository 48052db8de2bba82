import { describe, expect, it } from "vitest";
import { LineDecoder } from "../src/line-decoder.js";
import type { LineEdges } from "../src/line-edges.js";

function decoderFor(max: number) {
  const events: (string | { tooLarge: number } | "not UTF-8")[] = [];
  const decoder = new LineDecoder(max, {
    line: (text) => events.push(text),
    notUtf8: () => events.push("not UTF-8"),
    tooLarge: (length) => events.push({ tooLarge: length }),
  });
  return { decoder, events };
}

const bytes = (text: string) => Buffer.from(text, "utf8");

/** What the decoder reports for `input` in one chunk, checked to be the same wherever it is cut in two. */
function eventsAtEveryCut(input: Buffer) {
  const whole = decoderFor(1024);
  whole.decoder.push(input);
  for (let cut = 0; cut <= input.length; cut++) {
    const split = decoderFor(1024);
    split.decoder.push(input.subarray(0, cut));
    split.decoder.push(input.subarray(cut));
    expect(split.events, `split at byte ${cut}`).toEqual(whole.events);
  }
  return whole.events;
}

describe("LineDecoder", () => {
  it("gives the same lines whatever byte the input is split at, multi-byte characters included", () => {
    const input = bytes('{"text":"héllo €uro 𝄞 日本"}\n{"n":1}\n');
    expect(eventsAtEveryCut(input)).toEqual(['{"text":"héllo €uro 𝄞 日本"}', '{"n":1}']);
  });

  it("reports a line that is not UTF-8 and goes on with the next, whole or in pieces", () => {
    const input = Buffer.concat([
      bytes('"a'),
      Uint8Array.of(0xff),
      bytes('"\n"b'),
      Uint8Array.of(0xed, 0xa0, 0x80),
      bytes('"\n"ok"\n'),
    ]);
    expect(eventsAtEveryCut(input)).toEqual(["not UTF-8", "not UTF-8", '"ok"']);
  });

  it("passes a U+FFFD that was sent as such, and drops a leading byte order mark", () => {
    const { decoder, events } = decoderFor(1024);
    decoder.push(bytes('"\ufffd"\n'));
    decoder.push(Buffer.concat([Uint8Array.of(0xef, 0xbb, 0xbf), bytes("{}\n")]));
    decoder.push(Buffer.concat([Uint8Array.of(0xef, 0xbb), Uint8Array.of(0xbf), bytes("[]\n")]));
    expect(events).toEqual(['"\ufffd"', "{}", "[]"]);
  });

  it("gives the same lines when every byte arrives alone", () => {
    const input = bytes("ä𝄞\r\nb\n");
    const { decoder, events } = decoderFor(1024);
    for (const byte of input) decoder.push(Buffer.of(byte));
    expect(events).toEqual(["ä𝄞", "b"]);
  });

  it("strips the \\r of CRLF and passes empty lines on (the frame decoder ignores them)", () => {
    const { decoder, events } = decoderFor(1024);
    decoder.push(bytes("a\r\n\n\r\nb\n"));
    expect(events).toEqual(["a", "", "", "b"]);
  });

  it("keeps a \\r that is not before the newline", () => {
    const { decoder, events } = decoderFor(1024);
    decoder.push(bytes("a\rb\n"));
    expect(events).toEqual(["a\rb"]);
  });

  it("passes a last line without a newline on at end of input, and nothing for an empty tail", () => {
    const { decoder, events } = decoderFor(1024);
    decoder.push(bytes("a\nlast"));
    decoder.end();
    decoder.end();
    expect(events).toEqual(["a", "last"]);
  });

  it("accepts a line of exactly the maximum, CRLF or not, and rejects one byte more", () => {
    const { decoder, events } = decoderFor(4);
    decoder.push(bytes("abcd\nabcd\r\nabcde\nabcde\r\nok\n"));
    expect(events).toEqual(["abcd", "abcd", { tooLarge: 5 }, { tooLarge: 5 }, "ok"]);
  });

  it("counts an oversize line's bytes across chunks and goes on with the next line", () => {
    const { decoder, events } = decoderFor(8);
    decoder.push(bytes("0123456"));
    decoder.push(bytes("789abc"));
    decoder.push(bytes("def\r"));
    decoder.push(bytes("\ngood\n"));
    expect(events).toEqual([{ tooLarge: 16 }, "good"]);
  });

  it("reports an oversize last line at end of input", () => {
    const { decoder, events } = decoderFor(2);
    decoder.push(bytes("abc"));
    decoder.end();
    expect(events).toEqual([{ tooLarge: 3 }]);
  });

  it("holds at most the maximum (plus one byte) of an oversize line, however long it runs", () => {
    const max = 1024;
    const { decoder, events } = decoderFor(max);
    const held = () =>
      (decoder as unknown as { pieces: Uint8Array[] }).pieces.reduce((n, p) => n + p.length, 0);
    let peak = 0;
    for (let i = 0; i < 1000; i++) {
      decoder.push(Buffer.alloc(4096, 0x61));
      peak = Math.max(peak, held());
    }
    decoder.push(bytes("\n"));
    expect(peak).toBeLessThanOrEqual(max + 1);
    expect(events).toEqual([{ tooLarge: 4096 * 1000 }]);
  });

  it("joins a big line from many chunks in linear time", () => {
    const size = 32 * 1024 * 1024;
    const { decoder, events } = decoderFor(size);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const started = performance.now();
    for (let sent = 0; sent < size; sent += chunk.length) decoder.push(chunk);
    decoder.push(bytes("\n"));
    const elapsed = performance.now() - started;
    expect(events).toHaveLength(1);
    expect((events[0] as string).length).toBe(size);
    // Linear joining takes tens of milliseconds; re-concatenating per chunk (512 times 16 MiB on average) takes many seconds.
    expect(elapsed).toBeLessThan(3000);
  });

  it("keeps the first and last 4 KiB of an oversize line, wherever its chunks are cut", () => {
    // Every byte differs from its neighbours, so a misplaced byte shows.
    const line = Buffer.from(
      Array.from({ length: 20_000 }, (_, i) => String.fromCharCode(33 + (i % 90))).join(""),
    );
    for (const size of [1, 7, 1000, 1025, 4096, 5000, 20_000, 20_001]) {
      const reported: LineEdges[] = [];
      const decoder = new LineDecoder(1024, {
        line: () => {},
        notUtf8: () => {},
        tooLarge: (_length, edges) => reported.push(edges),
      });
      const input = Buffer.concat([line, bytes("\n")]);
      for (let at = 0; at < input.length; at += size) decoder.push(input.subarray(at, at + size));
      expect(reported, `chunks of ${size}`).toHaveLength(1);
      expect(reported[0]?.head.toString(), `head, chunks of ${size}`).toBe(line.subarray(0, 4096).toString());
      expect(reported[0]?.tail.toString(), `tail, chunks of ${size}`).toBe(line.subarray(-4096).toString());
    }
  });

  it("keeps a short oversize line whole in both edges", () => {
    const reported: LineEdges[] = [];
    const decoder = new LineDecoder(8, {
      line: () => {},
      notUtf8: () => {},
      tooLarge: (_n, e) => reported.push(e),
    });
    decoder.push(bytes("0123"));
    decoder.push(bytes("456789abcdef\n0123456789\n"));
    expect(reported.map(({ head, tail }) => [head.toString(), tail.toString()])).toEqual([
      ["0123456789abcdef", "0123456789abcdef"],
      ["0123456789", "0123456789"],
    ]);
  });
});
