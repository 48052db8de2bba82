/** Raised when a check's time budget runs out; names what it was waiting for. */
export class DeadlineError extends Error {
  override readonly name = "DeadlineError";
}

/**
 * One check's time budget. Every wait in a check goes through `within`, so a transport that
 * never delivers fails with a message naming the missing event instead of hanging the run.
 */
export class Deadline {
  private readonly end: number;

  constructor(readonly budgetMs: number) {
    this.end = Date.now() + budgetMs;
  }

  remaining(): number {
    return Math.max(0, this.end - Date.now());
  }

  /** `what` may be a function so the message reports the state at the time of the timeout. */
  within<T>(promise: Promise<T>, what: string | (() => string)): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const label = typeof what === "string" ? what : what();
        reject(new DeadlineError(`timed out (budget ${this.budgetMs} ms) waiting for ${label}`));
      }, this.remaining());
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }
}

/** Waits `ms` so that something which must not happen has had its chance to. */
export function quiet(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether `promise` has already settled: its reactions run before a zero-delay timer fires. */
export async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  const pending = Symbol("pending");
  const tick = new Promise<symbol>((resolve) => setTimeout(() => resolve(pending), 0));
  const outcome = await Promise.race([
    promise.then(
      () => "settled",
      () => "settled",
    ),
    tick,
  ]);
  return outcome !== pending;
}
