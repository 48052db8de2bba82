import type { Json, JsonObject } from "../model/json.js";

/** Which scripted server received an HTTP request (client transcripts over HTTP). */
export type ScriptedServer = "resource" | "authorization";

/** One HTTP request the client under test made to a scripted server. */
export interface RequestRecord {
  /** Arrival order, from 1. */
  seq: number;
  /** What patterns see (docs/conformance-format.md §8.6). */
  value: JsonObject;
}

/** Every HTTP request a client made in one run, not yet consumed by an `expect` step, in order. */
export class RequestLog {
  private readonly items: RequestRecord[] = [];
  private seq = 0;
  private waiters: (() => void)[] = [];

  /** Records one request; `value` is what patterns match (`server`, `method`, `path`, ...). */
  push(value: { [key: string]: Json | undefined }): void {
    const clean: JsonObject = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) clean[key] = item;
    this.items.push({ seq: ++this.seq, value: clean });
    this.wake();
  }

  pending(): readonly RequestRecord[] {
    return this.items;
  }

  consume(item: RequestRecord): void {
    const index = this.items.indexOf(item);
    if (index >= 0) this.items.splice(index, 1);
  }

  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
