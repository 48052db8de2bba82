import { describe, expect, it } from "vitest";
import { SseParser, type SseEvent, readSse } from "../src/index.js";

/** Parses `chunks` (text) with one parser; returns the events and the parser. */
function parse(...chunks: string[]): { events: SseEvent[]; parser: SseParser } {
  const parser = new SseParser();
  const events = chunks.flatMap((chunk) => parser.push(chunk));
  return { events, parser };
}

function dataOf(events: readonly SseEvent[]): string[] {
  return events.map((event) => event.data);
}

/** Reads events from a byte stream made of `chunks`. */
async function readBytes(chunks: readonly Uint8Array[]): Promise<SseEvent[]> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const events: SseEvent[] = [];
  for await (const event of readSse(body)) events.push(event);
  return events;
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("SSE parsing (HTML standard event-stream rules)", () => {
  it("gives the same events for LF, CRLF and CR line endings", () => {
    const expected = [
      { event: "message", data: "a\nb", id: "1", lastEventId: "1", retry: undefined },
      { event: "note", data: "c", id: undefined, lastEventId: "1", retry: undefined },
    ];
    for (const eol of ["\n", "\r\n", "\r"]) {
      const text = ["id: 1", "data: a", "data: b", "", "event: note", "data: c", "", ""].join(eol);
      expect(parse(text).events, JSON.stringify(eol)).toEqual(expected);
    }
  });

  it("joins a CRLF split across chunks into one line end (no extra blank line)", () => {
    const { events } = parse("data: a\r", "\ndata: b\r", "\n\r", "\n");
    expect(events).toEqual([
      { event: "message", data: "a\nb", id: undefined, lastEventId: "", retry: undefined },
    ]);
    // An empty chunk between the CR and the LF changes nothing.
    expect(dataOf(parse("data: x\r", "", "\ndata: y\n\n").events)).toEqual(["x\ny"]);
  });

  it("gives the same events fed one character at a time", () => {
    const text = 'retry: 10\r\nid: 7\r\ndata: {"a":1}\r\n\r\n: ping\rdata:two\r\r';
    const whole = parse(text).events;
    const byChar = parse(...text.split("")).events;
    expect(byChar).toEqual(whole);
    expect(whole).toEqual([
      { event: "message", data: '{"a":1}', id: "7", lastEventId: "7", retry: 10 },
      { event: "message", data: "two", id: undefined, lastEventId: "7", retry: 10 },
    ]);
  });

  it("drops exactly one space after the colon; `data:` without a space works", () => {
    expect(dataOf(parse("data:x\n\ndata:  y\n\ndata: \n\n").events)).toEqual(["x", " y", ""]);
  });

  it("joins data lines with LF; a bare `data` line adds an empty line", () => {
    expect(dataOf(parse("data\ndata: x\ndata\n\n").events)).toEqual(["\nx\n"]);
  });

  it("ignores comments, unknown fields and fields in the wrong case", () => {
    const { events } = parse(": keep-alive\n:\nfoo: bar\nData: no\nID: 9\ndata: yes\n: between\n\n");
    expect(events).toEqual([
      { event: "message", data: "yes", id: undefined, lastEventId: "", retry: undefined },
    ]);
  });

  it("takes `retry` only when it is all ASCII digits", () => {
    const { parser } = parse("retry: 3000\n\n");
    expect(parser.retry).toBe(3000);
    for (const bad of ["retry: 15a", "retry: -1", "retry:", "retry: 1.5", "retry:  20", "retry: ٣"]) {
      const { parser: p } = parse("retry: 40\n", `${bad}\n`, "data: x\n\n");
      expect(p.retry, bad).toBe(40);
    }
  });

  it("ignores an `id` holding NUL; an empty `id` resets the last event id", () => {
    const { events } = parse("id: 1\ndata: a\n\nid: 2\u00003\ndata: b\n\nid\ndata: c\n\n");
    expect(events.map((e) => [e.id, e.lastEventId])).toEqual([
      ["1", "1"],
      [undefined, "1"],
      ["", ""],
    ]);
  });

  it("moves the last event id at an event without data, but dispatches nothing", () => {
    const { events, parser } = parse("id: 5\n\n");
    expect(events).toEqual([]);
    expect(parser.lastEventId).toBe("5");
    // The id carries over to later events that name none.
    expect(parser.push("data: x\n\n")).toEqual([
      { event: "message", data: "x", id: undefined, lastEventId: "5", retry: undefined },
    ]);
  });

  it("dispatches a priming event (id, empty data) with empty data", () => {
    expect(parse("id: p1\nretry: 500\ndata:\n\n").events).toEqual([
      { event: "message", data: "", id: "p1", lastEventId: "p1", retry: 500 },
    ]);
  });

  it("resets the event type after each event; the last event id only at a boundary", () => {
    const { events, parser } = parse("event: endpoint\ndata: /post\n\ndata: m\n\nid: 9\ndata: half");
    expect(events.map((e) => e.event)).toEqual(["endpoint", "message"]);
    expect(parser.lastEventId).toBe("");
  });

  it("starts from a given last event id (a resumed connection)", () => {
    const parser = new SseParser("e4");
    expect(parser.push("data: x\n\n")[0]?.lastEventId).toBe("e4");
  });

  it("drops one leading BOM, not a second one", async () => {
    const bom = [0xef, 0xbb, 0xbf];
    const events = await readBytes([new Uint8Array([...bom, ...bytes("data: a\n\n")])]);
    expect(dataOf(events)).toEqual(["a"]);
    // A second BOM makes the field name "\uFEFFdata": an unknown field.
    const twice = await readBytes([new Uint8Array([...bom, ...bom, ...bytes("data: a\n\ndata: b\n\n")])]);
    expect(dataOf(twice)).toEqual(["b"]);
  });

  it("discards an event the stream ends in the middle of", async () => {
    const events = await readBytes([bytes("data: done\n\ndata: cut\n")]);
    expect(dataOf(events)).toEqual(["done"]);
    const noEol = await readBytes([bytes("data: done\n\ndata: cut")]);
    expect(dataOf(noEol)).toEqual(["done"]);
  });

  it("decodes UTF-8 characters split across chunks", async () => {
    const encoded = bytes("data: héllo → 世界\n\n");
    const chunks = Array.from(encoded, (byte) => new Uint8Array([byte]));
    expect(dataOf(await readBytes(chunks))).toEqual(["héllo → 世界"]);
  });

  it("drops the data of an event over maxDataLength, reporting it, and reads on", () => {
    const parser = new SseParser("", 10);
    // Exactly 10 characters ("1234" LF "56789") pass; 11 do not.
    expect(parser.push("data: 1234\ndata: 56789\n\n")).toEqual([
      { event: "message", data: "1234\n56789", id: undefined, lastEventId: "", retry: undefined },
    ]);
    expect(parser.push("id: big\ndata: 12345\ndata: 67890\n\ndata: ok\n\n")).toEqual([
      { event: "message", data: "", id: "big", lastEventId: "big", retry: undefined, tooLarge: true },
      { event: "message", data: "ok", id: undefined, lastEventId: "big", retry: undefined },
    ]);
  });

  it("does not buffer an over-long line: it is skipped up to its line end, across chunks", () => {
    const parser = new SseParser("", 10);
    expect(parser.push(`data: ${"x".repeat(100)}`)).toEqual([]);
    expect(parser.push("y".repeat(1000))).toEqual([]);
    expect(parser.push("yyy\r")).toEqual([]);
    expect(parser.push("\n\r\ndata: ok\n\n")).toEqual([
      { event: "message", data: "", id: undefined, lastEventId: "", retry: undefined, tooLarge: true },
      { event: "message", data: "ok", id: undefined, lastEventId: "", retry: undefined },
    ]);
  });
});
