/**
 * What arrived and is not yet consumed, in arrival order, with a way to wait for the next arrival:
 * the shared shape of the inbox (messages) and the request log (HTTP requests to scripted servers).
 */
export class Arrivals<T extends { seq: number }> {
  private readonly items: T[] = [];
  private seq = 0;
  private waiters: (() => void)[] = [];

  /** The number of the last arrival (0 before any). */
  get lastSeq(): number {
    return this.seq;
  }

  /** The next arrival number, from 1. */
  protected nextSeq(): number {
    return ++this.seq;
  }

  /** Keeps `item` and wakes the waiters. */
  protected add(item: T): void {
    this.items.push(item);
    this.wake();
  }

  /** Unconsumed items, oldest first. */
  pending(): readonly T[] {
    return this.items;
  }

  consume(item: T): void {
    const index = this.items.indexOf(item);
    if (index >= 0) this.items.splice(index, 1);
  }

  /** Resolves at the next arrival (or wake). */
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Wakes every waiter (also used when the peer goes away). */
  wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
