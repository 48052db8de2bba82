import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Invariants } from "../src/invariants/observer.js";
import { tapWire } from "../src/invariants/wire-tap.js";
import { loadRequirements } from "../src/load/requirements.js";
import { Inbox } from "../src/run/inbox.js";
import { LineReader } from "../src/wire/line-reader.js";
import type { Wire } from "../src/wire/wire.js";

const requirements = loadRequirements(
  fileURLToPath(new URL("../../../conformance/requirements", import.meta.url)),
);

function read(chunks: Uint8Array[]): { lines: [string, boolean][]; overflowed: boolean } {
  const lines: [string, boolean][] = [];
  let overflowed = false;
  const reader = new LineReader(
    (line, invalid) => lines.push([line, invalid]),
    () => {
      overflowed = true;
    },
  );
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return { lines, overflowed };
}

const bytes = (...values: (string | number[])[]) =>
  Buffer.concat(values.map((v) => (typeof v === "string" ? Buffer.from(v, "utf8") : Buffer.from(v))));

describe("LineReader", () => {
  it("splits lines, keeps a character split across chunks whole, drops CR and blank lines", () => {
    const whole = bytes('{"a":"é"}\r\n\n{"b":1}');
    const { lines } = read([whole.subarray(0, 7), whole.subarray(7)]);
    expect(lines).toEqual([
      ['{"a":"é"}', false],
      ['{"b":1}', false],
    ]);
  });

  it("hands on a line that is not valid UTF-8, flagged, with U+FFFD for the bad byte", () => {
    const { lines } = read([bytes('{"a":"', [0xe9], '"}\n')]);
    expect(lines).toEqual([['{"a":"\uFFFD"}', true]]);
  });
});

describe("base.jsonrpc.utf8 over stdio", () => {
  function observe(text: string, invalidUtf8: boolean, side: "server" | "client" = "server"): string[] {
    const invariants = new Invariants(requirements);
    const observer = invariants.forRun({ transcript: "t", revision: "2025-11-25", transport: "stdio", side });
    const inbox = new Inbox();
    tapWire({ inbox } as unknown as Wire, observer);
    observer.sent({ jsonrpc: "2.0", id: 1, method: "ping" });
    inbox.push(text, invalidUtf8 ? { invalidUtf8 } : {});
    return invariants.violations().map((v) => `${v.requirement}: ${v.detail}`);
  }
  const line = JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} });

  it("reports a line whose bytes are not UTF-8, even when it parses as JSON", () => {
    expect(observe(line, true)).toEqual([
      "base.jsonrpc.utf8: a line on the server's stdout whose bytes are not valid UTF-8",
    ]);
    expect(observe(line, true, "client")).toEqual([
      "base.jsonrpc.utf8: a line on the client's stdout whose bytes are not valid UTF-8",
    ]);
  });

  it("accepts a line that is valid UTF-8", () => {
    expect(observe(line, false)).toEqual([]);
  });
});
