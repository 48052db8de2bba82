/** A session the clock watches. */
export interface IdleWatched {
  /** When the session was last active (ms since the epoch); kept by the clock. */
  lastActive: number;
  /** The session has been idle for the whole limit: it ends, or (still in use) touches again. */
  idle(): void;
}

/**
 * The idle expiry of every session of one handler, on one timer: sessions in order of last
 * activity, the timer set for the least recently active. A touch moves a session to the back; when
 * the timer fires, every session idle for the whole limit is told so. Expiry comes exactly when a
 * timer per session would fire, without a timer per session. The timer is unref'd, starts with the
 * first session and stops when none is left.
 */
export class IdleClock<Session extends IdleWatched> {
  private readonly order = new Set<Session>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `limitMs` 0 (or less) turns expiry off. */
  constructor(private readonly limitMs: number) {}

  /** The idle limit in ms (0 or less: none). */
  get limit(): number {
    return this.limitMs;
  }

  /** How many sessions the clock watches. */
  get size(): number {
    return this.order.size;
  }

  /** Whether the timer is set. */
  get running(): boolean {
    return this.timer !== undefined;
  }

  /** The session is active now: its idle time starts again. */
  touch(session: Session): void {
    if (this.limitMs <= 0) return;
    session.lastActive = Date.now();
    this.order.delete(session);
    this.order.add(session);
    if (this.timer === undefined) this.arm();
  }

  /** The session ended: no longer watched. */
  forget(session: Session): void {
    this.order.delete(session);
    if (this.order.size === 0 && this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  private arm(): void {
    const first = this.order.values().next();
    if (first.done) return;
    const delay = Math.max(0, first.value.lastActive + this.limitMs - Date.now());
    this.timer = setTimeout(() => this.sweep(), delay);
    (this.timer as { unref?: () => void }).unref?.();
  }

  private sweep(): void {
    this.timer = undefined;
    const now = Date.now();
    const due: Session[] = [];
    for (const session of this.order) {
      if (session.lastActive + this.limitMs > now) break;
      due.push(session);
    }
    // Out of the order first: a session told it is idle may touch again (and go to the back).
    for (const session of due) this.order.delete(session);
    for (const session of due) session.idle();
    if (this.timer === undefined) this.arm();
  }
}
