import type { RunningEndpoint } from "../endpoint.js";

/** A network endpoint that runs until `close()` is called. */
export function untilClosed(url: string, stop: () => Promise<void>): RunningEndpoint {
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  let closing: Promise<void> | undefined;
  return {
    url,
    closed,
    close: () => {
      closing ??= stop().finally(markClosed);
      return closing;
    },
  };
}
