/** The items waiting on one signal, and the one listener that serves them all. */
interface Watch<T> {
  readonly items: Set<T>;
  readonly listener: () => void;
}

/**
 * One `abort` listener per signal, however many items wait on it. Callers often pass one
 * long-lived signal (a shutdown signal, a parent operation's) to many concurrent requests: a
 * listener per request would pile up on that signal, and Node warns past ten
 * (`MaxListenersExceededWarning`), although nothing leaks. The listener is removed as soon as no
 * item waits on its signal.
 */
export class AbortListeners<T> {
  private readonly watches = new Map<AbortSignal, Watch<T>>();

  constructor(private readonly onAbort: (item: T, reason: unknown) => void) {}

  /** Listeners attached now: one per signal that has items waiting. */
  get size(): number {
    return this.watches.size;
  }

  add(signal: AbortSignal, item: T): void {
    const watch = this.watches.get(signal);
    if (watch) {
      watch.items.add(item);
      return;
    }
    const items = new Set<T>([item]);
    const listener = () => {
      // Forget the signal first: each onAbort deletes its item, which must find nothing to do.
      this.watches.delete(signal);
      for (const waiting of items) this.onAbort(waiting, signal.reason);
    };
    this.watches.set(signal, { items, listener });
    signal.addEventListener("abort", listener, { once: true });
  }

  delete(signal: AbortSignal, item: T): void {
    const watch = this.watches.get(signal);
    if (!watch?.items.delete(item) || watch.items.size > 0) return;
    this.watches.delete(signal);
    signal.removeEventListener("abort", watch.listener);
  }
}
