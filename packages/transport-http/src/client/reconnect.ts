import type { AbortSwitch } from "./abort-switch.js";

/**
 * How a dropped SSE stream is reopened: exponential backoff between attempts, never sooner than
 * `minDelayMs`. The backoff grows with each attempt in a row that failed, and with each reopened
 * stream in a row that ended bringing nothing (no message, no new event id): a server that keeps
 * closing streams at once (with `retry: 0`, say) is reopened less and less often, up to
 * `maxDelayMs`. A stream that brought something starts the count again.
 */
export interface ReconnectOptions {
  /** Wait before the first attempt, when the server sent no `retry`. Default 1000 ms. */
  readonly initialDelayMs?: number;
  /**
   * The least wait before any attempt, whatever the server's `retry` says (a `retry: 0` would
   * otherwise reopen the stream as fast as the network allows). Default 250 ms.
   */
  readonly minDelayMs?: number;
  /** The backoff never grows past this (a larger server `retry` still wins). Default 30000 ms. */
  readonly maxDelayMs?: number;
  /** Each further attempt waits this many times longer. Default 2. */
  readonly factor?: number;
  /** Attempts in a row that may fail before the transport gives up. Default 5; 0 never resumes. */
  readonly maxAttempts?: number;
}

/** {@link ReconnectOptions} with every default filled in and checked. */
export class ReconnectPolicy {
  readonly initialDelayMs: number;
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
  readonly factor: number;
  readonly maxAttempts: number;

  constructor(options: ReconnectOptions = {}) {
    this.initialDelayMs = nonNegative("initialDelayMs", options.initialDelayMs ?? 1000);
    this.minDelayMs = nonNegative("minDelayMs", options.minDelayMs ?? 250);
    this.maxDelayMs = nonNegative("maxDelayMs", options.maxDelayMs ?? 30_000);
    this.factor = options.factor ?? 2;
    if (!(this.factor >= 1)) throw new RangeError(`reconnect.factor must be at least 1 (got ${this.factor})`);
    this.maxAttempts = nonNegative("maxAttempts", options.maxAttempts ?? 5);
  }

  /**
   * The wait before attempt `attempt` (1 for the first, counting the attempts that failed and the
   * streams that brought nothing since the last one that did). The server's `retry` replaces the
   * initial delay and is a floor (SSE polling servers rely on the client waiting that long), and
   * `minDelayMs` is the floor under everything.
   *
   * @example
   * ```ts
   * const policy = new ReconnectPolicy(); // initial 1000, min 250, factor 2, max 30 000
   * [1, 2, 3].map((n) => policy.delayMs(n, 0)); // [250, 500, 1000]: `retry: 0` is floored, then backs off
   * ```
   */
  delayMs(attempt: number, serverRetryMs: number | undefined): number {
    const base = Math.max(this.minDelayMs, serverRetryMs ?? this.initialDelayMs);
    const grown = Math.min(this.maxDelayMs, base * this.factor ** Math.max(0, attempt - 1));
    return Math.max(this.minDelayMs, serverRetryMs ?? 0, grown);
  }
}

function nonNegative(name: string, value: number): number {
  if (!(value >= 0) || !Number.isFinite(value)) {
    throw new RangeError(`reconnect.${name} must be a finite number >= 0 (got ${value})`);
  }
  return value;
}

/** Waits `ms`: resolves true, or false at once when `abort` fires first. */
export type Sleep = (ms: number, abort: AbortSwitch) => Promise<boolean>;

/** Resolves after `ms`, or at once (false) when `abort` fires first. */
export function sleep(ms: number, abort: AbortSwitch): Promise<boolean> {
  if (abort.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unhook();
      resolve(true);
    }, ms);
    const unhook = abort.onAbort(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}
