import type { LoggingLevel } from "./types.js";

/** Severities from least to most severe (RFC 5424, as MCP orders them). */
export const logLevels: readonly LoggingLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

export function isLogLevel(value: unknown): value is LoggingLevel {
  return typeof value === "string" && (logLevels as readonly string[]).includes(value);
}

/** Whether a message at `level` passes a threshold. */
export function passes(level: LoggingLevel, threshold: LoggingLevel): boolean {
  return logLevels.indexOf(level) >= logLevels.indexOf(threshold);
}

/** Logging options of a server. */
export interface LoggingOptions {
  /** Session era: the level before the client sends `logging/setLevel`. Default `"info"`. */
  readonly defaultLevel?: LoggingLevel;
  /** At most `max` messages per `intervalMs` per session; the rest are dropped. Default 100 per 1000 ms. */
  readonly rateLimit?: { readonly max: number; readonly intervalMs: number };
}

/** A fixed-window rate limiter: cheap, and bounded in memory. */
export class RateLimiter {
  private windowStart = 0;
  private count = 0;
  /** Messages dropped so far. */
  dropped = 0;

  constructor(
    private readonly max: number,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.intervalMs) {
      this.windowStart = now;
      this.count = 0;
    }
    if (this.count >= this.max) {
      this.dropped++;
      return false;
    }
    this.count++;
    return true;
  }
}
