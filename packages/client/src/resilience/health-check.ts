import { LocalError } from "@mcpkit/core";
import type { Settled } from "../era/settle.js";

/**
 * A periodic `ping` (session era; 2026-07-28 has no `ping`): when one gets no answer within
 * `timeoutMs`, the connection is taken for dead, closed and healed (reason `unhealthy`).
 *
 * @example
 * ```ts
 * const client = new Client({
 *   clientInfo: { name: "my-app", version: "1.0.0" },
 *   healthCheck: { intervalMs: 30_000, timeoutMs: 5_000 },
 * });
 * ```
 */
export interface HealthCheckOptions {
  /** The wait between the answer to one ping and the next ping. */
  readonly intervalMs: number;
  /** How long a ping may go unanswered. Default 10 000 ms. */
  readonly timeoutMs?: number;
}

/**
 * Pings `settled`'s connection every `intervalMs` until it closes; calls `dead` (once) with a
 * `LocalError("timeout")` when a ping is not answered in time. Any other failure of a ping (the
 * connection closed, the server refused it) ends the checks without calling `dead`: closing is
 * someone else's news, and a server that answers at all is alive.
 */
export function startHealthCheck(
  settled: Settled,
  options: HealthCheckOptions,
  dead: (error: Error) => void,
): void {
  const { connection } = settled;
  const { intervalMs, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (connection.isClosed) return;
    timer = setTimeout(ping, intervalMs);
    // The checks alone must not keep a process alive (Node; other runtimes have no unref).
    (timer as { unref?: () => void }).unref?.();
  };
  const ping = () => {
    timer = undefined;
    connection
      .request("ping", {}, { timeoutMs, maxTotalTimeoutMs: timeoutMs, resetTimeoutOnProgress: false })
      .then(schedule, (error: unknown) => {
        if (error instanceof LocalError && error.code === "timeout" && !connection.isClosed) {
          dead(
            new LocalError("timeout", `the server did not answer a ping within ${timeoutMs} ms`, {
              cause: error,
            }),
          );
        }
      });
  };
  void connection.closed.then(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
  schedule();
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Checks the options (when the client is made, not at the first ping); throws `RangeError`. */
export function checkHealthOptions(options: HealthCheckOptions): HealthCheckOptions {
  positive("intervalMs", options.intervalMs);
  positive("timeoutMs", options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return options;
}

function positive(name: string, value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new RangeError(`healthCheck.${name} must be a finite number > 0 (got ${value})`);
  }
  return value;
}
