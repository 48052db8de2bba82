import type { Readable } from "node:stream";

/** How the child's stderr reaches a callback: one call per line (default) or per chunk read. */
export type StderrMode = "line" | "chunk";

/** A line longer than this (in UTF-16 units) is passed on in pieces, so a log without newlines cannot grow memory. */
const MAX_STDERR_LINE = 64 * 1024;

/**
 * Passes a child's stderr to `sink` as UTF-8 text. In line mode each call gets one line without its
 * line ending, and a last line without one is passed on at end of file. Stderr is the server's log,
 * never a sign of failure, so nothing here closes the transport.
 */
export function forwardStderr(stream: Readable, mode: StderrMode, sink: (text: string) => void): void {
  // Streaming decode keeps a character split across chunks whole; stray bytes become U+FFFD.
  const decoder = new TextDecoder("utf-8");
  let pending = "";
  const emitLines = (text: string, atEnd: boolean) => {
    pending += text;
    let start = 0;
    for (let newline = pending.indexOf("\n"); newline !== -1; newline = pending.indexOf("\n", start)) {
      sink(stripCr(pending.slice(start, newline)));
      start = newline + 1;
    }
    pending = pending.slice(start);
    while (pending.length > MAX_STDERR_LINE) {
      sink(pending.slice(0, MAX_STDERR_LINE));
      pending = pending.slice(MAX_STDERR_LINE);
    }
    if (atEnd && pending.length > 0) {
      sink(stripCr(pending));
      pending = "";
    }
  };
  stream.on("data", (chunk: Buffer) => {
    const text = decoder.decode(chunk, { stream: true });
    if (mode === "chunk") {
      if (text.length > 0) sink(text);
    } else emitLines(text, false);
  });
  stream.once("end", () => {
    const rest = decoder.decode();
    if (mode === "chunk") {
      if (rest.length > 0) sink(rest);
    } else emitLines(rest, true);
  });
  // A broken stderr pipe is not worth failing the session over.
  stream.on("error", () => {});
}

function stripCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}
