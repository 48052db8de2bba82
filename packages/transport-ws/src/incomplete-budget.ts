import type { Duplex } from "node:stream";
import { MessageProgress } from "./message-progress.js";

/** One connection's share of an {@link IncompleteMessageBudget}. */
export interface BudgetShare {
  /** Stops counting the connection and gives its bytes back (it closed, or is being closed). */
  release(): void;
}

/**
 * The bytes of inbound messages that have begun to arrive and are not complete, summed over all
 * the connections of one server, against one limit. Each connection's raw socket is watched with a
 * {@link MessageProgress}; a chunk that takes the total over the limit calls that connection's
 * `over`, and only that connection's: the others keep their messages.
 */
export class IncompleteMessageBudget {
  private total = 0;

  constructor(readonly limitBytes: number) {}

  /** Bytes counted now, across all connections. */
  get bytes(): number {
    return this.total;
  }

  /**
   * Counts what `socket` receives from now on. `over` is called once, when a chunk from this
   * socket takes the total over the limit; the share is released then (the connection is being
   * closed and reads no more), and in any case when the socket closes.
   */
  watch(socket: Duplex, over: () => void): BudgetShare {
    const progress = new MessageProgress();
    const onData = (chunk: Buffer) => {
      const before = progress.incompleteBytes;
      progress.push(chunk);
      const grown = progress.incompleteBytes - before;
      this.total += grown;
      if (grown > 0 && this.total > this.limitBytes) {
        share.release();
        over();
      }
    };
    let released = false;
    const share: BudgetShare = {
      release: () => {
        if (released) return;
        released = true;
        this.total -= progress.incompleteBytes;
        socket.off("data", onData);
        socket.off("close", share.release);
      },
    };
    socket.on("data", onData);
    socket.once("close", share.release);
    return share;
  }
}
