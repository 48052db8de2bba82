import type { Json } from "../model/json.js";

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
}

/** Messages received and not yet consumed by an expect step, in arrival order. */
export class Inbox {
  private readonly items: InboxItem[] = [];
  private seq = 0;
  private waiters: (() => void)[] = [];

  constructor(private readonly ignored: (item: InboxItem) => boolean = () => false) {}

  /** Adds a received text (parsed when it is JSON). */
  push(text: string, extra: Omit<InboxItem, "seq" | "text" | "message"> = {}): void {
    const item: InboxItem = { seq: ++this.seq, text, ...extra };
    try {
      item.message = JSON.parse(text) as Json;
    } catch {
      // Not JSON: kept as raw text, matched only by `raw` patterns.
    }
    if (this.ignored(item)) return;
    this.items.push(item);
    this.wake();
  }

  /** Unconsumed items, oldest first. */
  pending(): readonly InboxItem[] {
    return this.items;
  }

  consume(item: InboxItem): void {
    const index = this.items.indexOf(item);
    if (index >= 0) this.items.splice(index, 1);
  }

  /** Resolves at the next push (or wake). */
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Wakes every waiter (used when the peer goes away). */
  wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
