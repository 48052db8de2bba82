import { LocalError, type TransportHandlers } from "@mcpkit/core";
import { idKey } from "../shared/messages.js";
import type { AbortSwitch } from "./abort-switch.js";
import { type Reopened, ResumableStream, type StreamEnd } from "./event-stream.js";
import type { ExchangeTable } from "./exchange-table.js";
import type { HttpChannel } from "./http-channel.js";
import type { HttpReply } from "./http-sender.js";
import { type PostExchange, isSse } from "./post-exchange.js";
import type { ReconnectPolicy } from "./reconnect.js";

/** What reading a POST's answer needs of the transport. */
export interface AnswerHost {
  readonly channel: HttpChannel;
  readonly policy: ReconnectPolicy;
  /** Whether the transport is closed. */
  readonly ended: boolean;
  readonly handlers: TransportHandlers | undefined;
  readonly exchanges: ExchangeTable;
  /** Parses and delivers one message (or batch) the server sent. */
  deliverText(text: string): void;
  /** Tells the engine an event was over `maxMessageBytes` and dropped. */
  tooLarge(detail: string): void;
  /** A GET resuming a dropped stream after `lastEventId`. */
  openGet(lastEventId: string, abort: AbortSwitch): Promise<Reopened>;
  /** An SSE stream ended: a failure (or, if `fatalRefusal`, a refusal) closes the transport. */
  streamEnded(end: StreamEnd, fatalRefusal: boolean): void;
  /** Closes the transport with `error`. */
  fail(error: Error): void;
}

/** Reads a POST's answer, JSON or SSE, in the background; a broken answer closes the transport. */
export async function readAnswer(
  host: AnswerHost,
  response: HttpReply,
  exchange: PostExchange,
): Promise<void> {
  const { maxMessageBytes } = host.channel;
  try {
    if (exchange.waiting.size === 0) {
      response.cancel();
      return;
    }
    if (isSse(response)) {
      const end = await new ResumableStream(
        {
          deliver: (data) => host.deliverText(data),
          tooLarge: (detail) => host.tooLarge(detail),
          finished: () => exchange.waiting.size === 0,
          reopen: (lastEventId) => host.openGet(lastEventId, exchange.abort),
        },
        {
          what: `the SSE answer to ${exchange.what}`,
          policy: host.policy,
          abort: exchange.abort,
          resumable: exchange.stateless === undefined,
          reopenWithoutId: false,
          maxDataLength: maxMessageBytes,
          endAfterTooLarge: true,
        },
      ).run(response);
      if (end.kind === "too_large") {
        answerTooLarge(
          host,
          exchange,
          `the SSE answer to ${exchange.what} ended after an event over ${maxMessageBytes} characters (maxMessageBytes)`,
        );
      }
      // Stateless: each request stands alone, so a broken answer fails its requests, not the transport.
      if (end.kind === "failed" && exchange.stateless !== undefined && answerLost(host, exchange, end.error))
        return;
      host.streamEnded(end, true);
      return;
    }
    let text: string | undefined;
    try {
      text = await response.text(maxMessageBytes);
    } catch (error) {
      if (exchange.abort.aborted || host.ended) return;
      const broken = new LocalError("transport_failed", `the JSON answer to ${exchange.what} broke off`, {
        cause: error,
      });
      if (exchange.stateless === undefined || !answerLost(host, exchange, broken)) host.fail(broken);
      return;
    }
    if (text === undefined) {
      answerTooLarge(
        host,
        exchange,
        `the JSON answer to ${exchange.what} is over ${maxMessageBytes} bytes (maxMessageBytes)`,
      );
    } else if (text.trim() !== "") {
      host.deliverText(text);
    }
  } finally {
    host.exchanges.release(exchange);
  }
}

/**
 * The answer to `exchange` was over `maxMessageBytes` and dropped: each request it still owed
 * is named (`answersId`), so the engine fails it at once with `message_too_large`; the
 * transport stays open.
 */
function answerTooLarge(host: AnswerHost, exchange: PostExchange, detail: string): void {
  const { handlers } = host;
  if (host.ended || !handlers) return;
  const owed = exchange.ids.filter((id) => exchange.waiting.has(idKey(id)));
  if (owed.length === 0) {
    handlers.onUnreadable({ problem: "too_large", detail });
    return;
  }
  for (const id of owed) {
    host.exchanges.stopWaiting(id);
    handlers.onUnreadable({ problem: "too_large", detail, answersId: id });
  }
}

/**
 * The answer stream of a stateless `exchange` broke off: each request it still owed fails with
 * `error` (the transport goes on). False when the engine cannot be told (it then closes).
 */
function answerLost(host: AnswerHost, exchange: PostExchange, error: Error): boolean {
  const { handlers } = host;
  if (host.ended || !handlers?.onAnswerLost) return false;
  host.channel.log("warn", { err: error }, error.message);
  for (const id of exchange.ids.filter((id) => exchange.waiting.has(idKey(id)))) {
    host.exchanges.stopWaiting(id);
    handlers.onAnswerLost(id, error);
  }
  return true;
}
