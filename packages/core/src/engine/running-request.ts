import type { RequestId } from "../jsonrpc/types.js";

const nothingToDetach = () => {};

/**
 * An inbound request whose handler is running. Its abort signal is made when first read: most
 * handlers never look at it, and an `AbortController` is costly. A request abandoned before anyone
 * read the signal hands out one that is already aborted, with the same reason.
 */
export class RunningRequest {
  /** Set when the answer must not be sent: the peer cancelled, the sender went away, or the connection closed. */
  cancelled = false;
  /** Removes the listener on the transport's "sender gone" signal. */
  detach: () => void = nothingToDetach;
  private controller: AbortController | undefined;
  private reason: Error | undefined;

  constructor(
    readonly id: RequestId,
    readonly method: string,
  ) {}

  /** Aborted once the request is abandoned. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.cancelled) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** Marks the request abandoned: no answer will be sent, and a signal made from now on is aborted. */
  cancel(reason: Error): void {
    this.cancelled = true;
    this.reason = reason;
  }

  /** Aborts the signal handed out already, if any (after `cancel`). */
  abortSignal(): void {
    this.controller?.abort(this.reason);
  }
}
