// What the task tests over HTTP share: a gate a test opens when it chooses, and what each test
// opened closed after it.
import { afterEach } from "vitest";

/** A promise and its resolve: a tool handler waits on it until the test releases it. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** A list to push servers and clients onto; each is closed after every test (errors ignored). */
export function closedAfterEach(): { close(): Promise<void> }[] {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const closable of open.splice(0)) await closable.close().catch(() => {});
  });
  return open;
}
