/**
 * How the client heals its connection. Healing is on by default for expired sessions; it needs a
 * fresh transport: a factory given to `connect()`, or the transport's `reopen()`.
 *
 * @example
 * ```ts
 * const client = new Client({
 *   clientInfo: { name: "my-app", version: "1.0.0" },
 *   // Also restart a crashed stdio server (or reconnect a dropped socket), at most 3 times in a row.
 *   reconnect: { connectionLost: true, maxAttempts: 3, initialDelayMs: 200 },
 * });
 * ```
 */
export interface ReconnectOptions {
  /** Re-initialize on a new session when the server answers 404 for ours. Default true. */
  readonly sessionExpiry?: boolean;
  /**
   * Reconnect when the connection closes for any other reason than `close()` (the stdio server
   * exited, the socket broke, resuming a stream gave up, the health check failed). Default false.
   */
  readonly connectionLost?: boolean;
  /** Attempts in a row before giving up (the client then closes). Default 5. */
  readonly maxAttempts?: number;
  /** Wait before the second attempt (the first is made at once). Default 250 ms. */
  readonly initialDelayMs?: number;
  /** Each further wait is this many times longer. Default 2. */
  readonly factor?: number;
  /** The wait never grows past this. Default 10 000 ms. */
  readonly maxDelayMs?: number;
}

/** Why the client lost its connection and heals it. */
export type ConnectionLossReason =
  /** The server answered HTTP 404 for the session (expired, ended, or the server restarted). */
  | "session_expired"
  /** The connection closed without `close()`: the process exited, the socket broke. */
  | "connection_lost"
  /** The health check's ping got no answer in time (`healthCheck`; healed unless `reconnect: false`). */
  | "unhealthy";

/** The events of healing, as `client.on(...)` reports them. */
export interface ReconnectEvents {
  /** The connection was lost; the client tries to reconnect when `reconnect` allows it. */
  connectionLost: { readonly reason: ConnectionLossReason; readonly error?: Error };
  /** An attempt to reconnect starts (1 for the first). */
  reconnecting: { readonly reason: ConnectionLossReason; readonly attempt: number };
  /** Connected again: the era settled anew and subscriptions and the log level were restored. */
  reconnected: { readonly reason: ConnectionLossReason; readonly attempt: number; readonly revision: string };
  /** Every attempt failed: the client is closed (`close` follows). */
  reconnectFailed: { readonly reason: ConnectionLossReason; readonly error: Error };
}

/** {@link ReconnectOptions} with the defaults filled in and checked. */
export class ReconnectPolicy {
  /** False when `reconnect: false`: nothing is healed. */
  readonly enabled: boolean;
  readonly sessionExpiry: boolean;
  readonly connectionLost: boolean;
  readonly maxAttempts: number;
  readonly initialDelayMs: number;
  readonly factor: number;
  readonly maxDelayMs: number;

  constructor(options: ReconnectOptions | false | undefined) {
    this.enabled = options !== false;
    const given = options === false ? { sessionExpiry: false } : (options ?? {});
    this.sessionExpiry = given.sessionExpiry ?? true;
    this.connectionLost = given.connectionLost ?? false;
    this.maxAttempts = atLeast("maxAttempts", given.maxAttempts ?? 5, 1);
    this.initialDelayMs = atLeast("initialDelayMs", given.initialDelayMs ?? 250, 0);
    this.factor = atLeast("factor", given.factor ?? 2, 1);
    this.maxDelayMs = atLeast("maxDelayMs", given.maxDelayMs ?? 10_000, 0);
  }

  /** Whether a loss for `reason` is healed at all. */
  heals(reason: ConnectionLossReason): boolean {
    if (reason === "session_expired") return this.sessionExpiry;
    // A health check the application set up is a request to reconnect a dead connection.
    return reason === "unhealthy" ? this.enabled : this.connectionLost;
  }

  /** The wait before attempt `attempt` (none before the first). */
  delayMs(attempt: number): number {
    if (attempt <= 1) return 0;
    return Math.min(this.maxDelayMs, this.initialDelayMs * this.factor ** (attempt - 2));
  }
}

function atLeast(name: string, value: number, min: number): number {
  if (!(value >= min) || !Number.isFinite(value)) {
    throw new RangeError(`reconnect.${name} must be a finite number >= ${min} (got ${value})`);
  }
  return value;
}
