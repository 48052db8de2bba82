import type { RequestId } from "@mcpkit/core";
import { idKey } from "../shared/messages.js";
import type { PostExchange } from "./post-exchange.js";

/**
 * The POSTs in flight and which request ids each still waits for: a response (on any stream)
 * or a cancellation stops the wait; close aborts them all.
 */
export class ExchangeTable {
  private readonly all = new Set<PostExchange>();
  private readonly byId = new Map<string, PostExchange>();

  add(exchange: PostExchange): void {
    for (const key of exchange.waiting) this.byId.set(key, exchange);
    this.all.add(exchange);
  }

  /** The request is answered or given up: its exchange no longer waits for it. */
  stopWaiting(id: RequestId): PostExchange | undefined {
    const key = idKey(id);
    const exchange = this.byId.get(key);
    if (!exchange) return undefined;
    this.byId.delete(key);
    exchange.waiting.delete(key);
    return exchange;
  }

  /** The exchange is over (answered, failed or aborted). */
  release(exchange: PostExchange): void {
    for (const key of exchange.waiting) {
      if (this.byId.get(key) === exchange) this.byId.delete(key);
    }
    this.all.delete(exchange);
  }

  /** Aborts every exchange and forgets them. */
  abortAll(): void {
    for (const exchange of this.all) exchange.abort.abort();
    this.all.clear();
    this.byId.clear();
  }
}
