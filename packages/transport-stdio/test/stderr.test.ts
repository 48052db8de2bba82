import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { forwardStderr } from "../src/stderr.js";

function feed(mode: "line" | "chunk", chunks: (string | Uint8Array)[]): string[] {
  const stream = new PassThrough();
  const received: string[] = [];
  forwardStderr(stream, mode, (text) => received.push(text));
  for (const chunk of chunks) stream.emit("data", typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  stream.emit("end");
  return received;
}

const euro = Buffer.from("€");

describe("forwardStderr", () => {
  it("passes lines on without their endings, a character split across chunks kept whole", () => {
    expect(
      feed("line", [
        "one\ntw",
        Buffer.concat([Buffer.from("o "), euro.subarray(0, 2)]),
        euro.subarray(2),
        "\r\n\nlast",
      ]),
    ).toEqual(["one", "two €", "", "last"]);
  });

  it("passes chunks on as decoded text, holding back an incomplete character", () => {
    expect(
      feed("chunk", [Buffer.concat([Buffer.from("a"), euro.subarray(0, 1)]), euro.subarray(1), "b\n"]),
    ).toEqual(["a", "€", "b\n"]);
  });

  it("cuts a line with no newline into 64 Ki-character pieces instead of holding it all", () => {
    const received = feed("line", ["x".repeat(70_000), "y\n"]);
    expect(received.map((line) => line.length)).toEqual([65_536, 70_001 - 65_536]);
  });

  it("replaces bytes that are not UTF-8 instead of failing", () => {
    expect(feed("line", [Uint8Array.of(0x61, 0xff, 0x62, 0x0a)])).toEqual(["a\uFFFDb"]);
  });

  it("ignores errors on the stream", () => {
    const stream = new PassThrough();
    forwardStderr(stream, "line", () => {});
    expect(() => stream.emit("error", new Error("EPIPE"))).not.toThrow();
  });
});
