/** One server-sent event block, as the runner records it. */
export interface SseEvent {
  id?: string;
  event?: string;
  /** `data` lines joined by "\n"; "" when there were none. */
  data: string;
  retry?: number;
  /** False for a block with no `data` line (e.g. only `id` and `retry`). */
  hasData: boolean;
}

/** Whether an event carries a message: type `message` (or none) and data that is not blank. */
export function isMessageEvent(event: SseEvent): boolean {
  return event.data.trim() !== "" && (event.event === undefined || event.event === "message");
}

/**
 * An incremental parser for `text/event-stream` (the WHATWG event-stream format): feed it text
 * chunks, it calls back once per event block. Unlike a browser EventSource it also reports blocks
 * without data (priming events), because transcripts check them.
 */
export class SseParser {
  private buffer = "";
  private current: { id?: string; event?: string; data: string[]; retry?: number; fields: number } = {
    data: [],
    fields: 0,
  };

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  push(chunk: string): void {
    this.buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone \r at the very end may be the first half of \r\n: wait for more text.
      if (match[0] === "\r" && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line);
    }
  }

  /** End of stream: a block without its blank line is dropped, as the format says. */
  end(): void {
    this.buffer = "";
    this.current = { data: [], fields: 0 };
  }

  private line(line: string): void {
    if (line === "") {
      this.dispatch();
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    const c = this.current;
    switch (field) {
      case "data":
        c.data.push(value);
        break;
      case "event":
        c.event = value;
        break;
      case "id":
        if (!value.includes("\0")) c.id = value;
        break;
      case "retry":
        if (/^\d+$/.test(value)) c.retry = Number(value);
        break;
      default:
        return;
    }
    c.fields++;
  }

  private dispatch(): void {
    const c = this.current;
    this.current = { data: [], fields: 0 };
    if (c.fields === 0) return;
    const event: SseEvent = { data: c.data.join("\n"), hasData: c.data.length > 0 };
    if (c.id !== undefined) event.id = c.id;
    if (c.event !== undefined) event.event = c.event;
    if (c.retry !== undefined) event.retry = c.retry;
    this.onEvent(event);
  }
}
