import { afterEach } from "vitest";

/** Starts something for a test; `current` is the last one started, closed after its test. */
export interface PerTest<T, O> {
  (options?: O): Promise<T>;
  readonly current: T | undefined;
}

/**
 * For a test file or describe block (call it where `afterEach` may be called): a {@link PerTest}
 * that starts with `start` and closes with `close`.
 */
export function perTest<T, O>(
  start: (options?: O) => Promise<T>,
  close: (started: T) => Promise<void>,
): PerTest<T, O> {
  let started: T | undefined;
  afterEach(async () => {
    const last = started;
    started = undefined;
    if (last !== undefined) await close(last);
  });
  const begin = async (options?: O) => {
    started = await start(options);
    return started;
  };
  return Object.defineProperty(begin, "current", { get: () => started }) as PerTest<T, O>;
}
