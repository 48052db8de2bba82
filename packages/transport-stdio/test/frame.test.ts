import { LocalError } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_MESSAGE_BYTES, decodeFrame, encodeFrame, tooLargeDetail } from "../src/frame.js";

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected invalid JSON");
}

describe("decodeFrame", () => {
  it("parses a JSON line, whatever value it holds (checking JSON-RPC is the engine's job)", () => {
    expect(decodeFrame('{"jsonrpc":"2.0","method":"x"}')).toEqual({
      kind: "message",
      value: { jsonrpc: "2.0", method: "x" },
    });
    expect(decodeFrame("[1,2]")).toEqual({ kind: "message", value: [1, 2] });
    expect(decodeFrame('  "padded"\t')).toEqual({ kind: "message", value: "padded" });
  });

  it("calls empty and whitespace-only lines blank", () => {
    expect(decodeFrame("")).toEqual({ kind: "blank" });
    expect(decodeFrame(" \t\r ")).toEqual({ kind: "blank" });
  });

  it("reports garbage with the JSON parser's message", () => {
    expect(decodeFrame("{nope")).toEqual({
      kind: "unreadable",
      detail: `invalid JSON: ${jsonError("{nope")}`,
    });
  });
});

describe("encodeFrame", () => {
  it("writes one UTF-8 line ending in a single newline, newlines in strings escaped", () => {
    const frame = encodeFrame({ jsonrpc: "2.0", method: "log", params: { text: "a\nb\r\n€" } }, 1024);
    expect(frame).toBe('{"jsonrpc":"2.0","method":"log","params":{"text":"a\\nb\\r\\n€"}}\n');
  });

  it("allows exactly the maximum in UTF-8 bytes, not counting the newline", () => {
    const payload = { jsonrpc: "2.0", method: "€" } as const;
    const size = Buffer.byteLength(JSON.stringify(payload));
    expect(Buffer.byteLength(encodeFrame(payload, size))).toBe(size + 1);
    expect(catchError(() => encodeFrame(payload, size - 1))).toMatchObject({
      name: "LocalError",
      code: "message_too_large",
      message: `the message is ${size} bytes, over the maximum of ${size - 1} bytes`,
    });
  });

  it("rejects a message too long to be within the limit before encoding it", () => {
    const payload = { jsonrpc: "2.0", method: "x".repeat(100) } as const;
    const length = JSON.stringify(payload).length;
    const error = catchError(() => encodeFrame(payload, 50));
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({
      code: "message_too_large",
      message: `the message is at least ${length} bytes, over the maximum of 50 bytes`,
    });
  });

  it("keeps every line break and separator inside strings escaped, so the frame is one line", () => {
    const frame = encodeFrame(
      { jsonrpc: "2.0", method: "x", params: { a: "\n\r\u2028\u2029", "k\ney": ["\n"] } },
      1024,
    );
    expect(frame.indexOf("\n")).toBe(frame.length - 1);
    expect(JSON.parse(frame)).toEqual({
      jsonrpc: "2.0",
      method: "x",
      params: { a: "\n\r\u2028\u2029", "k\ney": ["\n"] },
    });
  });

  it("measures the UTF-8 length only when the text could be over the limit", () => {
    // 3 characters, 9 bytes: within a 9-byte limit, over an 8-byte one although 3 characters fit.
    const payload = "€€€" as never;
    expect(encodeFrame(payload, 11)).toBe('"€€€"\n');
    expect(catchError(() => encodeFrame(payload, 10))).toMatchObject({
      code: "message_too_large",
      message: "the message is 11 bytes, over the maximum of 10 bytes",
    });
  });

  it("rejects values JSON cannot represent", () => {
    const cyclic: Record<string, unknown> = { jsonrpc: "2.0", method: "x" };
    cyclic.params = cyclic;
    expect(catchError(() => encodeFrame(cyclic as never, 1024))).toMatchObject({
      name: "LocalError",
      code: "invalid_message",
    });
    expect(catchError(() => encodeFrame(undefined as never, 1024))).toMatchObject({
      code: "invalid_message",
      message: "the message is not a JSON value",
    });
  });

  it("defaults to 16 MiB and words the inbound limit the same way", () => {
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBe(16_777_216);
    expect(tooLargeDetail(20, 10)).toBe(
      "a message of 20 bytes is over the limit of 10 bytes (maxMessageBytes)",
    );
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
