/** How a POST holds back the POSTs sent after it. */
export type HoldKind =
  /** A stateless request: independent of the rest, the next may leave once it is on its way. */
  | "independent"
  /** A session-era request other than `initialize`: until its headers, or a short hold after it left. */
  | "request"
  /** `initialize` (the session id comes with its headers), notifications, responses: until its headers. */
  | "ordered";

/**
 * The order in which a client's POSTs leave. Each POST runs once the one before it has released
 * the line: always when its response headers are in (the server has it), earlier as its
 * {@link HoldKind} allows. A server that answers with one JSON body sends its headers only with
 * the result, so a slow session-era call holds the line for `holdMs` after it left, not for its
 * whole run (nor holds the `notifications/cancelled` aimed at it).
 *
 * @example
 * ```ts
 * declare function postIt(dispatched: () => void): Promise<void>;
 * const order = new PostOrder(50);
 * const sent = order.enqueue("request", (dispatched) => postIt(dispatched));
 * await order.settled(); // before DELETE on close
 * ```
 */
export class PostOrder {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly holdMs: number) {}

  /**
   * Runs `post` when the line is free; `post` calls `dispatched` once its request is on its way.
   * Resolves or rejects as `post` does.
   */
  enqueue(kind: HoldKind, post: (dispatched: () => void) => Promise<void>): Promise<void> {
    let dispatched: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      dispatched = resolve;
    });
    const posted = this.tail.then(() => post(dispatched));
    let hold: ReturnType<typeof setTimeout> | undefined;
    const early =
      kind === "independent"
        ? gate
        : kind === "request"
          ? gate.then(() => new Promise<void>((resolve) => (hold = setTimeout(resolve, this.holdMs))))
          : new Promise<void>(() => {});
    // Headers came first (the usual case): the hold timer has nothing left to release.
    const stopHold = () => clearTimeout(hold);
    posted.then(stopHold, stopHold);
    this.tail = Promise.race([posted, early]).catch(() => {});
    return posted;
  }

  /** Resolves once every POST enqueued so far has released the line. */
  settled(): Promise<unknown> {
    return this.tail;
  }
}
