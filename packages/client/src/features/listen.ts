import type { Connection, JsonObject, Params, RequestId } from "@mcpkit/core";
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

/**
 * The listen streams of one connection. Core does not tell a request's id before its answer, so an
 * acknowledgement whose `subscriptionId` is not known yet goes to the oldest unacknowledged stream
 * (streams are acknowledged in the order they were opened).
 */
export class Listeners {
  private readonly open: Waiting[] = [];

  start(connection: Connection, filter: SubscriptionFilter, signal: AbortSignal | undefined): Subscription {
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
    const waiting: Waiting = { id: undefined, acknowledge };
    this.open.push(waiting);
    const request = connection.request("subscriptions/listen", { notifications: { ...filter } } as Params, {
      signal: controller.signal,
      // A stream lives until closed: no idle timeout, no progress token.
      timeoutMs: Number.POSITIVE_INFINITY,
      maxTotalTimeoutMs: Number.POSITIVE_INFINITY,
      resetTimeoutOnProgress: false,
    });
    const ended = request.then(
      () => undefined,
      (error: unknown) => {
        refuse(error);
      },
    );
    const remove = () => {
      signal?.removeEventListener("abort", onAbort);
      const index = this.open.indexOf(waiting);
      if (index >= 0) this.open.splice(index, 1);
    };
    void ended.then(remove);
    return { acknowledged, ended, close: () => controller.abort("closed by the client") };
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
