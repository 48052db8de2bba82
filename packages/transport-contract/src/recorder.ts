import type { Deadline } from "./deadline.js";
import type { ContractHandlers, ContractUnreadableFrame } from "./types.js";

export type RecordedEvent =
  | { readonly kind: "message"; readonly value: unknown }
  | { readonly kind: "unreadable"; readonly frame: ContractUnreadableFrame }
  | { readonly kind: "close"; readonly error: Error | undefined };

/** The handlers the suite gives a transport: they record every call, in order, and never throw. */
export class Recorder implements ContractHandlers {
  readonly events: RecordedEvent[] = [];
  readonly messages: unknown[] = [];
  readonly unreadable: ContractUnreadableFrame[] = [];
  readonly closes: (Error | undefined)[] = [];
  private readonly watchers = new Set<() => void>();

  constructor(
    readonly side: string,
    private readonly deadline: Deadline,
  ) {}

  onMessage(value: unknown): void {
    this.messages.push(value);
    this.record({ kind: "message", value });
  }

  onUnreadable(frame: ContractUnreadableFrame): void {
    this.unreadable.push(frame);
    this.record({ kind: "unreadable", frame });
  }

  onClose(error?: Error): void {
    this.closes.push(error);
    this.record({ kind: "close", error });
  }

  /** Events recorded after the first `onClose` (the contract allows none). */
  eventsAfterClose(): RecordedEvent[] {
    const index = this.events.findIndex((event) => event.kind === "close");
    return index === -1 ? [] : this.events.slice(index + 1);
  }

  /** Resolves once `done()` holds, re-checked after every event; fails at the deadline. */
  async until(done: () => boolean, what: string): Promise<void> {
    if (done()) return;
    let watcher: (() => void) | undefined;
    const reached = new Promise<void>((resolve) => {
      watcher = () => {
        if (done()) resolve();
      };
      this.watchers.add(watcher);
    });
    try {
      await this.deadline.within(reached, () => `${this.side} to see ${what} (${this.summary()})`);
    } finally {
      if (watcher) this.watchers.delete(watcher);
    }
  }

  /** Resolves once at least `count` messages have arrived. */
  untilMessages(count: number): Promise<void> {
    return this.until(() => this.messages.length >= count, `${count} messages`);
  }

  summary(): string {
    return `it has ${this.messages.length} messages, ${this.unreadable.length} unreadable, ${this.closes.length} closes`;
  }

  private record(event: RecordedEvent): void {
    this.events.push(event);
    for (const watcher of [...this.watchers]) watcher();
  }
}
