/** One dispatched server-sent event. */
export interface SseEvent {
  /** The event type; `message` when the event named none. */
  readonly event: string;
  /** The `data` lines joined with LF (may be empty: a priming event). */
  readonly data: string;
  /** The `id` field of this event's block, when it had one (a NUL-free value). */
  readonly id: string | undefined;
  /** The stream's last event ID after this event: the id to resume from (`""` when none yet). */
  readonly lastEventId: string;
  /** The newest valid `retry` value seen on the stream so far, in ms. */
  readonly retry: number | undefined;
  /** Set when the event was over the parser's `maxDataLength`: its data was dropped (`data` is empty). */
  readonly tooLarge?: true;
}

const DIGITS = /^\d+$/;

/**
 * An incremental parser for `text/event-stream`, following the HTML standard's rules: lines end
 * in CRLF, CR or LF (also split across chunks); a leading colon marks a comment; one space after
 * the field's colon is dropped; `data` lines join with LF; `id` values holding NUL are ignored;
 * `retry` counts only when it is all ASCII digits; unknown fields are ignored; an event is
 * dispatched at a blank line, and not at all when it has no `data` line. The last event ID and
 * the reconnection time survive from event to event (and, by passing `lastEventId` in, from
 * connection to connection). Text goes in already decoded: {@link readSse} decodes UTF-8, which
 * drops one leading byte order mark. With `maxDataLength`, an event whose data (or any line) runs
 * longer is not kept in memory: it comes out with empty data and `tooLarge` set.
 *
 * @example
 * ```ts
 * const parser = new SseParser();
 * for (const event of parser.push("id: 7\ndata: hello\n\n")) console.log(event.data); // "hello"
 * parser.lastEventId; // "7"
 * ```
 */
export class SseParser {
  private buffer = "";
  /** A CR ended the previous chunk: an LF starting the next one belongs to it. */
  private pendingCr = false;
  private data: string[] = [];
  private eventType = "";
  private idField: string | undefined;
  private idBuffer: string;
  private lastId: string;
  private retryMs: number | undefined;
  private dataLength = 0;
  /** The current event ran over `maxDataLength`. */
  private oversized = false;
  /** Discarding the rest of an over-long line, up to its line end. */
  private skipping = false;
  /** The next line is the end of an over-long line already discarded. */
  private discardLine = false;

  constructor(
    lastEventId = "",
    private readonly maxDataLength = Number.POSITIVE_INFINITY,
  ) {
    this.idBuffer = lastEventId;
    this.lastId = lastEventId;
  }

  /** The last event ID as of the latest event boundary (what `Last-Event-ID` should carry). */
  get lastEventId(): string {
    return this.lastId;
  }

  /** The newest valid `retry` value, in ms. */
  get retry(): number | undefined {
    return this.retryMs;
  }

  /** Feeds decoded text; returns the events it completed, in order. */
  push(text: string): SseEvent[] {
    if (text === "") return [];
    let chunk = text;
    if (this.pendingCr && chunk.startsWith("\n")) chunk = chunk.slice(1);
    this.pendingCr = false;
    if (this.skipping) {
      const end = chunk.search(/[\r\n]/);
      if (end === -1) return [];
      this.skipping = false;
      this.discardLine = true;
      chunk = chunk.slice(end);
    }
    const events: SseEvent[] = [];
    let start = 0;
    const source = this.buffer + chunk;
    const offset = this.buffer.length;
    // Only the new text can hold a line end: the buffer is an unterminated line.
    for (let i = offset; i < source.length; i++) {
      const char = source.charCodeAt(i);
      if (char !== 10 && char !== 13) continue;
      this.line(source.slice(start, i), events);
      if (char === 13) {
        if (i + 1 === source.length) this.pendingCr = true;
        else if (source.charCodeAt(i + 1) === 10) i += 1;
      }
      start = i + 1;
    }
    this.buffer = source.slice(start);
    // A line longer than any acceptable event (plus a field name) is dropped as it streams in.
    if (this.buffer.length > this.maxDataLength + 16) {
      this.buffer = "";
      this.skipping = true;
      this.oversized = true;
    }
    return events;
  }

  private line(line: string, events: SseEvent[]): void {
    if (this.discardLine) {
      this.discardLine = false;
      return;
    }
    if (line === "") {
      this.dispatch(events);
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "data":
        if (this.oversized) break;
        this.dataLength += value.length + (this.data.length > 0 ? 1 : 0);
        if (this.dataLength > this.maxDataLength) {
          this.oversized = true;
          this.data = [];
        } else {
          this.data.push(value);
        }
        break;
      case "event":
        this.eventType = value;
        break;
      case "id":
        if (!value.includes("\0")) {
          this.idBuffer = value;
          this.idField = value;
        }
        break;
      case "retry":
        if (DIGITS.test(value)) this.retryMs = Number(value);
        break;
      default:
      // Unknown fields are ignored.
    }
  }

  private dispatch(events: SseEvent[]): void {
    this.lastId = this.idBuffer;
    const id = this.idField;
    const data = this.data;
    const event = this.eventType;
    const oversized = this.oversized;
    this.data = [];
    this.dataLength = 0;
    this.oversized = false;
    this.eventType = "";
    this.idField = undefined;
    if (oversized) {
      const type = event === "" ? "message" : event;
      events.push({
        event: type,
        data: "",
        id,
        lastEventId: this.lastId,
        retry: this.retryMs,
        tooLarge: true,
      });
      return;
    }
    if (data.length === 0) return;
    events.push({
      event: event === "" ? "message" : event,
      data: data.join("\n"),
      id,
      lastEventId: this.lastId,
      retry: this.retryMs,
    });
  }
}

/**
 * Reads server-sent events from a byte stream (UTF-8, a leading BOM dropped), per
 * {@link SseParser}. An event cut off by the end of the stream (no blank line after it) is
 * discarded, as the standard says. Stops reading (and cancels the stream) when the loop breaks.
 *
 * @example
 * ```ts
 * const response = await fetch("https://mcp.example.com/events");
 * if (!response.body) throw new Error("no body");
 * for await (const event of readSse(response.body)) console.log(event.data);
 * ```
 */
export async function* readSse(
  body: ReadableStream<Uint8Array>,
  parser = new SseParser(),
): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
