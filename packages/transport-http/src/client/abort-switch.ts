/**
 * A one-way switch that gives an HTTP exchange up: a cheap stand-in for `AbortController`, which
 * on Node builds an event target (and a `DOMException` when it fires) for every request. Senders
 * listen with {@link AbortSwitch.onAbort}; the fetch sender bridges it to a signal.
 *
 * @example
 * ```ts
 * declare const sender: HttpSender;
 * const url = "https://mcp.example.com/mcp";
 * const stop = new AbortSwitch();
 * const reply = sender.send({ method: "GET", url, headers: {}, abort: stop });
 * stop.abort(); // the request (or its body, once the reply is in) is torn down
 * ```
 */
export class AbortSwitch {
  private hooks: (() => void)[] | undefined;
  private why: Error | undefined;

  /** Whether {@link abort} was called. */
  get aborted(): boolean {
    return this.why !== undefined;
  }

  /** What the exchange was given up for: an `AbortError`, or the reason passed to {@link abort}. */
  get reason(): Error | undefined {
    return this.why;
  }

  /** Gives the exchange up (once; later calls do nothing). */
  abort(reason: Error = abortError()): void {
    if (this.why !== undefined) return;
    this.why = reason;
    const hooks = this.hooks;
    this.hooks = undefined;
    if (hooks) for (const hook of hooks) hook();
  }

  /** Runs `hook` at abort (at once if already aborted); returns a function that unhooks it. */
  onAbort(hook: () => void): () => void {
    if (this.why !== undefined) {
      hook();
      return noop;
    }
    this.hooks ??= [];
    this.hooks.push(hook);
    return () => {
      const index = this.hooks?.indexOf(hook) ?? -1;
      if (index !== -1) this.hooks?.splice(index, 1);
    };
  }
}

function noop(): void {}

/** The error an aborted exchange fails with, as `fetch` gives it. */
export function abortError(): Error {
  return new DOMException("This operation was aborted", "AbortError");
}

/** The error an exchange that ran out of time fails with, as `AbortSignal.timeout` gives it. */
export function timeoutError(): Error {
  return new DOMException("The operation was aborted due to timeout", "TimeoutError");
}
