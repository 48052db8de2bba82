import { LocalError, SessionExpiredError } from "@mcpkit/core";
import type { Settled } from "../era/settle.js";
import { isConnectionClosed, lossReason, pause, unrepeated } from "./loss.js";
import { checkHealthOptions, type HealthCheckOptions, startHealthCheck } from "./health-check.js";
import type { ConnectionLossReason, ReconnectEvents, ReconnectPolicy } from "./options.js";

/** What the healer needs from the client. */
export interface HealHost {
  /** Whether the client can open a fresh transport for `settled` (a factory, or `reopen()`). */
  canReconnect(settled: Settled): boolean;
  /** Settles the era again on a fresh transport. */
  resettle(previous: Settled): Promise<Settled>;
  /** Makes `settled` the client's connection and restores what the old one had (subscriptions, log level). */
  adopt(settled: Settled): Promise<void>;
  emit<K extends keyof ReconnectEvents>(event: K, value: ReconnectEvents[K]): void;
  /** The client is closed for good (`close` event). */
  closed(error?: Error): void;
}

/**
 * Keeps a client connected: when its connection is lost (an expired session, and with
 * `connectionLost` any close but `close()`), it settles the era again on a fresh transport, with
 * bounded attempts and backoff, and sends again the requests that were lost with the old one when
 * that is safe (see `retrySafe`). A request whose own POST got the 404 never reached a session, so
 * it is always sent again.
 */
export class Healer {
  private current: Settled | undefined;
  private healing: Promise<void> | undefined;
  private healingFrom: Settled | undefined;
  private readonly stopped = new AbortController();
  /** Why each connection healed was lost, when it is not read from its transport (`unhealthy`). */
  private readonly reasons = new WeakMap<Settled, ConnectionLossReason>();

  constructor(
    readonly policy: ReconnectPolicy,
    private readonly host: HealHost,
    private readonly health?: HealthCheckOptions,
  ) {
    if (health) checkHealthOptions(health);
  }

  /** Watches a connection: when it closes without `close()`, heals it if the policy allows. */
  watch(settled: Settled): void {
    this.current = settled;
    if (this.health && settled.era === "session") {
      startHealthCheck(settled, this.health, (error) => this.unhealthy(settled, error));
    }
    void settled.connection.closed.then(() => {
      if (this.current !== settled || this.healingFrom === settled) return;
      if (this.stopped.signal.aborted) return this.host.closed();
      const reason = lossReason(settled);
      if (this.policy.heals(reason) && this.host.canReconnect(settled)) {
        this.heal(settled, reason).catch(() => {}); // reported as events
        return;
      }
      this.host.emit("connectionLost", { reason });
      this.host.closed();
    });
  }

  /** The health check's ping went unanswered: heal, or close the client when that is not allowed. */
  private unhealthy(settled: Settled, error: Error): void {
    if (this.current !== settled || this.healingFrom === settled || this.stopped.signal.aborted) return;
    if (this.policy.heals("unhealthy") && this.host.canReconnect(settled)) {
      this.heal(settled, "unhealthy", error).catch(() => {}); // reported as events
      return;
    }
    this.healingFrom = settled; // not healed: the close watcher stays quiet
    this.reasons.set(settled, "unhealthy");
    this.host.emit("connectionLost", { reason: "unhealthy", error });
    void settled.connection.close().finally(() => this.host.closed(error));
  }

  /** `close()` was called: no more healing; a reconnection under way gives up. */
  stop(): void {
    this.stopped.abort();
  }

  /**
   * Runs one request on the current connection (waiting for a reconnection under way first). When
   * the connection is lost before the answer, the request is sent again on the new one if
   * `repeatable()` says so; otherwise it fails (`SessionExpiredError` for an expired session).
   */
  run<T>(
    method: string,
    attempt: (settled: Settled) => Promise<T>,
    repeatable: () => boolean,
    tries = 0,
  ): Promise<T> {
    const healing = this.healing;
    if (healing) return healing.then(() => this.run(method, attempt, repeatable, tries));
    const settled = this.current;
    if (!settled) return attempt(settled as never);
    if (settled.connection.isClosed && !this.stopped.signal.aborted) {
      // Lost before it was sent (the heal starts in a later turn): nothing to fear in sending it.
      const error = new LocalError("connection_closed", `the connection closed before ${method} was sent`);
      return this.recover(error, settled, method, attempt, () => true, tries);
    }
    return attempt(settled).catch((error: unknown) =>
      this.recover(error, settled, method, attempt, repeatable, tries),
    );
  }

  /**
   * Heals the connection of `settled` (once, whoever asks first): closes it, then settles anew.
   * Resolves when the client is connected again; rejects when it gave up (the client is closed).
   */
  heal(settled: Settled, reason: ConnectionLossReason, error?: Error): Promise<void> {
    if (this.healingFrom === settled && this.healing) return this.healing;
    if (this.current !== settled) return Promise.resolve();
    this.healingFrom = settled;
    this.reasons.set(settled, reason);
    const healing = this.reconnect(settled, reason, error);
    this.healing = healing;
    const clear = () => {
      if (this.healing === healing) this.healing = undefined;
    };
    healing.then(clear, clear);
    return healing;
  }

  private recover<T>(
    error: unknown,
    settled: Settled,
    method: string,
    attempt: (settled: Settled) => Promise<T>,
    repeatable: () => boolean,
    tries: number,
  ): Promise<T> {
    const refused = error instanceof SessionExpiredError; // its own POST got the 404: never ran
    const lost = refused || (settled.connection.isClosed && isConnectionClosed(error));
    if (!lost || this.stopped.signal.aborted || tries >= this.policy.maxAttempts) throw error;
    const reason = refused ? "session_expired" : (this.reasons.get(settled) ?? lossReason(settled));
    if (!this.policy.heals(reason) || !this.host.canReconnect(settled))
      throw unrepeated(error, reason, settled, method);
    const healed = this.heal(settled, reason);
    if (!refused && !repeatable()) {
      healed.catch(() => {});
      throw unrepeated(error, reason, settled, method);
    }
    return healed.then(
      () => this.run(method, attempt, repeatable, tries + 1),
      () => {
        throw unrepeated(error, reason, settled, method);
      },
    );
  }

  private async reconnect(
    old: Settled,
    reason: ConnectionLossReason,
    error: Error | undefined,
  ): Promise<void> {
    this.host.emit("connectionLost", error ? { reason, error } : { reason });
    await old.connection.close().catch(() => {});
    const { signal } = this.stopped;
    let last: unknown;
    let attempts = 0;
    while (attempts < this.policy.maxAttempts) {
      attempts += 1;
      if (!(await pause(this.policy.delayMs(attempts), signal))) break;
      this.host.emit("reconnecting", { reason, attempt: attempts });
      try {
        const next = await this.host.resettle(old);
        if (signal.aborted) {
          await next.connection.close();
          break;
        }
        this.current = next;
        await this.host.adopt(next);
        this.watch(next);
        this.host.emit("reconnected", { reason, attempt: attempts, revision: next.revision });
        return;
      } catch (failure) {
        last = failure;
      }
    }
    const failure = signal.aborted
      ? new LocalError("connection_closed", "the client was closed while reconnecting")
      : new LocalError(
          "connection_closed",
          `reconnecting failed after ${attempts} attempts: ${explain(last)}`,
          { cause: last },
        );
    if (!signal.aborted) this.host.emit("reconnectFailed", { reason, error: failure });
    this.stopped.abort(); // given up: the client is closed, as if by close()
    this.host.closed(failure);
    throw failure;
  }
}

/** An error's message, with its cause's (a closed connection's cause says why it closed). */
function explain(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
