import type { Json } from "../model/json.js";
import { Arrivals } from "./arrivals.js";

/** One thing received from the implementation: a message (or unparsable text) and how it came. */
export interface InboxItem {
  /** Arrival order, from 1. */
  seq: number;
  /** The raw text: one stdio line, one WebSocket frame, one SSE data field, one HTTP body. */
  text: string;
  /** The parsed JSON, when `text` is valid JSON. */
  message?: Json;
  /** Client transcripts over HTTP: the request that carried the message. */
  http?: { method: string; path: string; headers: Record<string, string> };
  /** Server transcripts over Streamable HTTP: the head of the response that carried the message. */
  response?: { status: number; headers: Record<string, string> };
  /** stdio: the line's bytes were not valid UTF-8 (`text` has U+FFFD in place of the bad bytes). */
  invalidUtf8?: boolean;
}

/** How many received items the inbox remembers for failure reports. */
const HISTORY_LIMIT = 100;

/** Messages received and not yet consumed by an expect step, in arrival order. */
export class Inbox extends Arrivals<InboxItem> {
  /** Everything received, ignored items included, oldest first (the last HISTORY_LIMIT), for reports. */
  readonly history: InboxItem[] = [];

  constructor(private readonly ignored: (item: InboxItem) => boolean = () => false) {
    super();
  }

  /** Sees every received item, before the `ignored` filter (the invariant layer's hook). */
  onArrival: ((item: InboxItem) => void) | undefined;

  /** Adds a received text (parsed when it is JSON). */
  push(text: string, extra: Omit<InboxItem, "seq" | "text" | "message"> = {}): void {
    const item: InboxItem = { seq: this.nextSeq(), text, ...extra };
    try {
      item.message = JSON.parse(text) as Json;
    } catch {
      // Not JSON: kept as raw text, matched only by `raw` patterns.
    }
    this.history.push(item);
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    this.onArrival?.(item);
    if (this.ignored(item)) return;
    this.add(item);
  }
}
