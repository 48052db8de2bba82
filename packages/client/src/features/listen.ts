import { type JsonObject, LocalError, type Params, type RequestId } from "@mcpkit/core";
import { pause } from "../resilience/loss.js";
import type { Healer } from "../resilience/healer.js";
import type { ReconnectPolicy } from "../resilience/options.js";
import type { SubscriptionFilter } from "../types.js";

/**
 * A `subscriptions/listen` stream (2026-07-28). Change notifications it carries reach the client's
 * events (`toolsChanged`, `resourceUpdated`, ...); this handle says what the server agreed to and
 * ends the stream.
 *
 * @example
 * ```ts
 * const subscription = client.listen({ toolsListChanged: true, resourceSubscriptions: ["file:///a.txt"] });
 * const agreed = await subscription.acknowledged;
 * subscription.close(); // sends notifications/cancelled
 * ```
 */
export interface Subscription {
  /** The filter the server acknowledged (its first message on the stream). */
  readonly acknowledged: Promise<SubscriptionFilter>;
  /** Resolves when the stream ends: closed here, ended by the server, or the connection closed. */
  readonly ended: Promise<void>;
  /** Ends the stream (cancels the listen request). */
  close(): void;
}

interface Waiting {
  id: RequestId | undefined;
  acknowledge(filter: SubscriptionFilter): void;
}

/** What a listen stream needs from the client. */
export interface ListenHost {
  /**
   * Sends `subscriptions/listen` (through the healer: sent again on the new connection after a
   * reconnection, `again` then told so).
   */
  send(params: Params, signal: AbortSignal, again: () => void): Promise<JsonObject>;
  /** Bounds and backoff for re-opening a stream that broke off. */
  readonly policy: ReconnectPolicy;
  /** The stream was re-opened (or is being): notifications in between may be lost. */
  gap(subscription: Subscription, filter: SubscriptionFilter, error: Error): void;
}

/** Whether a listen request failed because its stream broke off (the connection goes on). */
function brokeOff(error: unknown): error is LocalError {
  return error instanceof LocalError && error.code === "transport_failed";
}

/**
 * The listen streams of one client. Core does not tell a request's id before its answer, so an
 * acknowledgement whose `subscriptionId` is not known yet goes to the oldest unacknowledged stream
 * (streams are acknowledged in the order they were opened).
 *
 * A stream that breaks off without its response (an abrupt drop, which 2026-07-28 lets a client
 * take as a reason to reconnect) is opened again with the same filter, with backoff and at most
 * `policy.maxAttempts` times in a row; the streams are not resumable, so each re-opening is told
 * as a gap. A graceful end (the server's response) or `close()` ends it for good.
 */
export class Listeners {
  private readonly open: Waiting[] = [];

  start(host: ListenHost, filter: SubscriptionFilter, signal: AbortSignal | undefined): Subscription {
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    let acknowledge!: (filter: SubscriptionFilter) => void;
    let refuse!: (error: unknown) => void;
    const acknowledged = new Promise<SubscriptionFilter>((resolve, reject) => {
      acknowledge = resolve;
      refuse = reject;
    });
    acknowledged.catch(() => {}); // callers need not await it
    const params = { notifications: { ...filter } } as Params;
    let subscription!: Subscription;
    let failures = 0;
    const once = async (): Promise<void> => {
      const waiting: Waiting = {
        id: undefined,
        acknowledge: (agreed) => {
          failures = 0; // a stream that came up starts the count again
          acknowledge(agreed);
        },
      };
      this.open.push(waiting);
      try {
        await host.send(params, controller.signal, () =>
          host.gap(subscription, filter, new LocalError("connection_closed", "the connection was lost")),
        );
      } finally {
        const index = this.open.indexOf(waiting);
        if (index >= 0) this.open.splice(index, 1);
      }
    };
    const run = async (): Promise<void> => {
      for (;;) {
        try {
          return await once();
        } catch (error) {
          failures += 1;
          if (controller.signal.aborted || !brokeOff(error) || failures > host.policy.maxAttempts)
            throw error;
          host.gap(subscription, filter, error);
          if (!(await pause(host.policy.delayMs(failures + 1), controller.signal))) throw error;
        }
      }
    };
    const ended = run().then(
      () => undefined,
      (error: unknown) => {
        refuse(error);
      },
    );
    void ended.then(() => signal?.removeEventListener("abort", onAbort));
    subscription = { acknowledged, ended, close: () => controller.abort("closed by the client") };
    return subscription;
  }

  /** Routes `notifications/subscriptions/acknowledged`. */
  acknowledged(params: JsonObject): void {
    const meta = (params._meta ?? {}) as Record<string, unknown>;
    const id = meta["io.modelcontextprotocol/subscriptionId"] as RequestId | undefined;
    const target =
      this.open.find((w) => w.id !== undefined && w.id === id) ?? this.open.find((w) => w.id === undefined);
    if (!target) return;
    target.id = id;
    target.acknowledge((params.notifications ?? {}) as SubscriptionFilter);
  }
}

/** No idle timeout and no progress token: a stream lives until closed. */
const STREAM_OPTIONS = {
  timeoutMs: Number.POSITIVE_INFINITY,
  maxTotalTimeoutMs: Number.POSITIVE_INFINITY,
  resetTimeoutOnProgress: false,
} as const;

/**
 * The client's {@link ListenHost}: each stream goes through the healer (always safe to send
 * again: it only asks to listen), and each gap is the client's `subscriptionGap` event.
 */
export function listenHost(
  healer: Healer,
  gap: (event: { subscription: Subscription; filter: SubscriptionFilter; error: Error }) => void,
): ListenHost {
  return {
    policy: healer.policy,
    send: (params, signal, again) => {
      let sent = 0;
      return healer.run(
        "subscriptions/listen",
        (settled) => {
          if (sent++ > 0) again();
          return settled.connection.request("subscriptions/listen", params, { signal, ...STREAM_OPTIONS });
        },
        () => true,
      );
    },
    gap: (subscription, filter, error) => gap({ subscription, filter, error }),
  };
}
