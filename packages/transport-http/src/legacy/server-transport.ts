import {
  LocalError,
  type JsonRpcPayload,
  type MessageContext,
  type Transport,
  type TransportHandlers,
} from "@mcpkit/core";
import type { BodySink } from "../server/body-sink.js";
import type { IdleClock } from "../server/idle-clock.js";
import { encodePayload } from "../shared/frame.js";
import { idKey, isRequest, membersOf, responseIdsOf } from "../shared/messages.js";
import { LegacySseStream } from "./sse-stream.js";

/** Settings of one legacy session, from the handler's options. */
export interface LegacySessionSettings {
  readonly maxMessageBytes: number;
  readonly keepAliveMs: number;
  readonly maxBufferedBytes: number;
  /** Ends sessions left idle for the handler's `idleTimeoutMs` (one clock for all of them). */
  readonly idleClock: IdleClock<LegacySseServerTransport>;
  /** Called once when the session ends, so the handler forgets it. */
  readonly onEnd: (session: LegacySseServerTransport) => void;
}

/**
 * The server side of one HTTP+SSE session (revision 2024-11-05), as a core `Transport`. The
 * handler made by {@link createLegacySseHandler} creates one per SSE GET and passes it to
 * `onSession`. Everything the server sends goes out on that one stream as an SSE `message` event;
 * messages the client POSTs arrive through `onMessage` (held until `start`). The session lasts as
 * long as the stream: the client dropping it closes the transport, and `close` ends the stream.
 * It also ends after the handler's `idleTimeoutMs` without activity: a POST from its client, or
 * an answer the server still owes to one of its requests. The open stream alone (its keep-alive
 * comments, the messages the server sends) is not activity.
 *
 * @example
 * ```ts
 * const handler = createLegacySseHandler({
 *   onSession: (transport) => {
 *     console.log("legacy session", transport.sessionId);
 *     return server.connect(transport);
 *   },
 * });
 * ```
 */
export class LegacySseServerTransport implements Transport {
  readonly closed: Promise<void>;
  private handlers: TransportHandlers | undefined;
  private readonly inbox: [unknown, MessageContext][] = [];
  private sink: LegacySseStream | undefined;
  private ended = false;
  private resolveClosed: () => void = () => {};
  private keepAlive: ReturnType<typeof setInterval> | undefined;
  /** Requests of the client not yet answered (nor cancelled), by `idKey`; made on first use. */
  private unanswered: Set<string> | undefined;
  /** @internal When the session was last active (kept by the idle clock). */
  lastActive = 0;

  /** @internal Made by the handler, which writes the `endpoint` event first. */
  constructor(
    /** The session id carried in the POST URL's `sessionId` query parameter. */
    readonly sessionId: string,
    private readonly settings: LegacySessionSettings,
    /** @internal Whom the session is bound to: the subject (else client id) that opened it. */
    readonly owner?: string,
  ) {
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
    if (settings.keepAliveMs > 0) {
      this.keepAlive = setInterval(() => this.sink?.comment("keep-alive"), settings.keepAliveMs);
      (this.keepAlive as { unref?: () => void }).unref?.();
    }
    this.touch();
  }

  /** Whether the session has ended (closed by either side). */
  get isClosed(): boolean {
    return this.ended;
  }

  /** Starts the transport: from now on what arrives goes to `handlers`. */
  async start(handlers: TransportHandlers): Promise<void> {
    if (this.handlers) throw new LocalError("invalid_message", "the transport is already started");
    if (this.ended) throw new LocalError("connection_closed", "the SSE session has ended");
    this.handlers = handlers;
    for (const [value, context] of this.inbox.splice(0)) handlers.onMessage(value, context);
  }

  /** Sends one payload (a message or a batch) to the peer. */
  async send(payload: JsonRpcPayload): Promise<void> {
    if (this.ended) throw new LocalError("connection_closed", "the SSE session has ended");
    const json = encodePayload(payload, this.settings.maxMessageBytes);
    if ((this.sink?.backlog ?? 0) > this.settings.maxBufferedBytes) {
      // A client that stops reading must not make the server hold its messages without bound.
      this.end();
      throw new LocalError(
        "transport_failed",
        `the client left more than ${this.settings.maxBufferedBytes} bytes of its SSE stream unread; the session is closed`,
      );
    }
    this.sink?.event("message", json);
    if (this.unanswered) this.noteAnswered(payload);
  }

  /** Closes the transport; idempotent, resolves once it is closed. */
  async close(): Promise<void> {
    this.end();
    return this.closed;
  }

  /** @internal The SSE response body goes to `sink`; its first event names the POST URL. */
  openStream(endpointUrl: string, sink: BodySink): void {
    // The client cancelling the response body is the client going away.
    this.sink = new LegacySseStream(sink, () => this.end());
    this.sink.event("endpoint", endpointUrl);
  }

  /** @internal A message arrived in a POST of this session (a POST is activity). */
  receive(value: unknown, context: MessageContext): void {
    if (this.ended) return;
    this.touch();
    this.noteRequests(value);
    if (this.handlers) this.handlers.onMessage(value, context);
    else this.inbox.push([value, context]);
  }

  /** @internal Restarts the idle clock. */
  touch(): void {
    if (!this.ended) this.settings.idleClock.touch(this);
  }

  /** @internal Called by the idle clock when the session has been idle for the whole limit. */
  idle(): void {
    // The client waits for an answer the server still owes: not idle.
    if ((this.unanswered?.size ?? 0) > 0) this.touch();
    else this.end();
  }

  /** Requests start to be owed an answer; a cancellation ends that (no answer will come). */
  private noteRequests(value: unknown): void {
    for (const member of membersOf(value)) {
      if (isRequest(member)) {
        this.unanswered ??= new Set();
        this.unanswered.add(idKey(member.id));
      } else if ((member as { method?: unknown }).method === "notifications/cancelled") {
        const id = (member as { params?: { requestId?: unknown } }).params?.requestId;
        if (typeof id === "string" || typeof id === "number") this.unanswered?.delete(idKey(id));
      }
    }
  }

  private noteAnswered(payload: JsonRpcPayload): void {
    for (const id of responseIdsOf(payload)) this.unanswered?.delete(idKey(id));
  }

  /** @internal Ends the session: the stream ends, the handler forgets it, `onClose` runs once. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.settings.idleClock.forget(this);
    clearInterval(this.keepAlive);
    this.sink?.close();
    this.inbox.length = 0;
    this.settings.onEnd(this);
    this.handlers?.onClose();
    this.resolveClosed();
  }
}
