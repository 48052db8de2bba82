/**
 * How many problem reports the everything-server logs: a peer can cause one per message (an
 * unknown notification, a malformed one), so an unlimited log is a way to fill a disk.
 */
export interface ReportLimit {
  /** Reports logged per interval; the rest are counted, not logged. */
  readonly max: number;
  readonly intervalMs: number;
  /** The clock (tests give their own). Default `Date.now`. */
  readonly now?: () => number;
  /** Runs `flush` once, `ms` from now, without keeping the process alive (tests give their own). */
  readonly schedule?: (flush: () => void, ms: number) => void;
}

/** 20 reports a second: enough to see what is going on, too few to matter. */
export const DEFAULT_REPORT_LIMIT: ReportLimit = { max: 20, intervalMs: 1000 };

function unrefTimer(flush: () => void, ms: number): void {
  setTimeout(flush, ms).unref();
}

/**
 * Wraps a report function in a fixed-window rate limit: the first `max` reports of each interval
 * go through; the rest are dropped and counted, and once the interval is over one summary report
 * says how many (`suppressed K reports in the last N ms`), before anything else is logged.
 *
 * @example
 * ```ts
 * const report = limitReports((error) => console.error(error.message), { max: 20, intervalMs: 1000 });
 * ```
 */
export function limitReports(report: (error: Error) => void, limit: ReportLimit): (error: Error) => void {
  const { max, intervalMs } = limit;
  if (!Number.isInteger(max) || max < 1 || !(intervalMs > 0)) {
    throw new RangeError(`a report limit needs max >= 1 and intervalMs > 0 (got ${max} and ${intervalMs})`);
  }
  const now = limit.now ?? Date.now;
  const schedule = limit.schedule ?? unrefTimer;
  let windowStart = Number.NEGATIVE_INFINITY;
  let logged = 0;
  let suppressed = 0;
  let flushPending = false;
  const summarise = () => {
    if (suppressed === 0) return;
    const count = suppressed;
    suppressed = 0;
    report(new Error(`suppressed ${count} reports in the last ${intervalMs} ms`));
  };
  const flush = () => {
    flushPending = false;
    const early = windowStart + intervalMs - now();
    if (early <= 0) {
      summarise();
      return;
    }
    // A timer that fired early: the window is not over yet.
    flushPending = true;
    schedule(flush, early);
  };
  return (error) => {
    const at = now();
    if (at - windowStart >= intervalMs) {
      summarise();
      windowStart = at;
      logged = 0;
    }
    if (logged < max) {
      logged++;
      report(error);
      return;
    }
    suppressed++;
    if (!flushPending) {
      flushPending = true;
      schedule(flush, windowStart + intervalMs - at);
    }
  };
}
