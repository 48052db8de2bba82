/**
 * Resolves after `ms` milliseconds. The timer is deliberately not unref'd: while the runner waits
 * for a silent implementation, this timer is what keeps the process alive until the wait ends.
 */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Settles like `promise`, or rejects with `TimeoutError(message)` after `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A bounded wait that ran out. */
export class TimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TimeoutError";
  }
}

/** A promise with its resolve function exposed. */
export class Deferred<T> {
  readonly promise: Promise<T>;
  resolve!: (value: T) => void;
  settled = false;
  value: T | undefined;
  constructor() {
    this.promise = new Promise<T>((resolve) => {
      this.resolve = (value: T) => {
        if (this.settled) return;
        this.settled = true;
        this.value = value;
        resolve(value);
      };
    });
  }
}
