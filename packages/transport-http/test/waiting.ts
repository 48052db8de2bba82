// Bounded waits shared by the test helpers: for a promise, for a condition, for the next arrival.

/** `promise`, rejected naming `what` if it has not settled after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Waits for conditions on state that changes: call `notify` after each change. */
export class Conditions {
  private readonly listeners = new Set<() => void>();

  /** Resolves once `condition` holds; rejects naming `what` after `ms`. */
  until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
      }, ms);
      this.listeners.add(check);
    });
  }

  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** Things that arrive (sessions, events), taken in order of arrival, each wait bounded. */
export class Arrivals<T> {
  private readonly arrived: T[] = [];
  private readonly takers: ((value: T) => void)[] = [];

  push(value: T): void {
    const taker = this.takers.shift();
    if (taker) taker(value);
    else this.arrived.push(value);
  }

  /** The next one; rejects naming `what` after `ms`. */
  next(ms: number, what: string): Promise<T> {
    if (this.arrived.length > 0) return Promise.resolve(this.arrived.shift() as T);
    return withTimeout(new Promise((resolve) => this.takers.push(resolve)), ms, what);
  }
}
