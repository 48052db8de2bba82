import {
  LocalError,
  type JsonRpcPayload,
  type MessageContext,
  type RequestId,
  type SendOptions,
  type Transport,
  type TransportHandlers,
} from "@mcpkit/core";
import { encodePayload } from "../shared/frame.js";
import { idKey, responseIdsOf } from "../shared/messages.js";
import { ByteSink, sseEvent } from "./byte-sink.js";
import { type AnswerMode, RequestStream } from "./request-stream.js";

/** How long an ended session keeps undelivered messages for a last GET. */
const DRAIN_GRACE_MS = 10_000;

/** Settings of one session, from the handler's options. */
export interface SessionSettings {
  readonly maxMessageBytes: number;
  readonly maxQueuedMessages: number;
  readonly idleTimeoutMs: number;
  /** Called once when the session ends, so the handler forgets it. */
  readonly onEnd: (session: HttpServerTransport) => void;
}

/**
 * The server side of one Streamable HTTP session, as a core `Transport`. The handler made by
 * {@link createStreamableHttpHandler} creates one per `initialize` and passes it to `onSession`.
 * Inbound messages wait until `start`. Outbound messages go where the specification puts them: a
 * response, and whatever carries `relatedRequestId`, on the stream of the POST it answers;
 * everything else on the standalone GET stream, queued until the client opens it.
 *
 * @example
 * ```ts
 * const handler = createStreamableHttpHandler({
 *   onSession: (transport) => {
 *     console.log("new session", transport.sessionId);
 *     return server.connect(transport);
 *   },
 * });
 * ```
 */
export class HttpServerTransport implements Transport {
  readonly closed: Promise<void>;
  private handlers: TransportHandlers | undefined;
  private readonly inbox: [unknown, MessageContext][] = [];
  private readonly streams = new Map<string, RequestStream>();
  private readonly outbox: string[] = [];
  private standalone: ByteSink | undefined;
  private ended = false;
  private resolveClosed: () => void = () => {};
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private drainTimer: ReturnType<typeof setTimeout> | undefined;

  /** @internal Made by the handler. */
  constructor(
    /** The `Mcp-Session-Id` of this session. */
    readonly sessionId: string,
    private readonly settings: SessionSettings,
  ) {
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
    this.touch();
  }

  /** Whether the session has ended (closed by either side, or expired). */
  get isClosed(): boolean {
    return this.ended;
  }

  async start(handlers: TransportHandlers): Promise<void> {
    if (this.handlers) throw new LocalError("invalid_message", "the transport is already started");
    if (this.ended) throw new LocalError("connection_closed", "the HTTP session has ended");
    this.handlers = handlers;
    for (const [value, context] of this.inbox.splice(0)) handlers.onMessage(value, context);
  }

  async send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    if (this.ended) throw new LocalError("connection_closed", "the HTTP session has ended");
    const json = encodePayload(payload, this.settings.maxMessageBytes);
    const answered = responseIdsOf(payload);
    const first = answered[0];
    if (first !== undefined) {
      const stream = this.streams.get(idKey(first));
      if (stream) return this.respond(stream, json, answered);
    } else if (options?.relatedRequestId !== undefined) {
      const stream = this.streams.get(idKey(options.relatedRequestId));
      if (stream?.related(json)) return;
    }
    this.toStandalone(json);
  }

  async close(): Promise<void> {
    this.end();
    return this.closed;
  }

  /** @internal A message arrived in a POST of this session. */
  receive(value: unknown, context: MessageContext): void {
    if (this.ended) return;
    this.touch();
    if (this.handlers) this.handlers.onMessage(value, context);
    else this.inbox.push([value, context]);
  }

  /** @internal Opens the response stream of a POST holding the requests `ids`. */
  openRequestStream(mode: AnswerMode, ids: readonly RequestId[], batch: boolean): ReadableStream<Uint8Array> {
    // A client that stops reading does not cancel (session era); its answers are dropped.
    const stream = new RequestStream(mode, ids, batch, () => {});
    for (const id of ids) this.streams.set(idKey(id), stream);
    return stream.sink.body;
  }

  /**
   * @internal Whether a GET may still collect messages sent before the session ended (which
   * `send` reported as handed over) that no stream was open to carry.
   */
  get draining(): boolean {
    return this.ended && this.outbox.length > 0;
  }

  /** @internal Opens the standalone stream; undefined when one is already open. */
  openStandalone(): ReadableStream<Uint8Array> | undefined {
    if (this.standalone?.alive) return undefined;
    const sink = new ByteSink(() => this.touch());
    this.standalone = sink;
    for (const json of this.outbox.splice(0)) sink.write(sseEvent(json));
    if (this.ended) {
      sink.close();
      this.forget();
    }
    return sink.body;
  }

  /** @internal Restarts the idle clock (any request of the session counts as activity). */
  touch(): void {
    clearTimeout(this.idleTimer);
    if (this.ended || this.settings.idleTimeoutMs <= 0) return;
    this.idleTimer = setTimeout(() => this.expireIfIdle(), this.settings.idleTimeoutMs);
    (this.idleTimer as { unref?: () => void }).unref?.();
  }

  private expireIfIdle(): void {
    // An open stream is activity: the client is listening.
    const listening = this.standalone?.alive === true || [...this.streams.values()].some((s) => s.sink.alive);
    if (listening) this.touch();
    else this.end();
  }

  private respond(stream: RequestStream, json: string, ids: readonly RequestId[]): void {
    stream.respond(json, ids);
    for (const id of ids) if (this.streams.get(idKey(id)) === stream) this.streams.delete(idKey(id));
  }

  private toStandalone(json: string): void {
    if (this.standalone?.alive) {
      this.standalone.write(sseEvent(json));
      return;
    }
    if (this.outbox.length >= this.settings.maxQueuedMessages) {
      throw new LocalError(
        "transport_failed",
        `more than ${this.settings.maxQueuedMessages} messages wait for the client's GET stream`,
      );
    }
    this.outbox.push(json);
  }

  private forget(): void {
    clearTimeout(this.drainTimer);
    this.outbox.length = 0;
    this.settings.onEnd(this);
  }

  /** @internal Ends the session: every stream ends, the handler forgets it, `onClose` runs once. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idleTimer);
    for (const stream of new Set(this.streams.values())) stream.sink.close();
    this.streams.clear();
    this.standalone?.close();
    this.inbox.length = 0;
    if (this.draining) {
      this.drainTimer = setTimeout(() => this.forget(), DRAIN_GRACE_MS);
      (this.drainTimer as { unref?: () => void }).unref?.();
    } else this.forget();
    this.handlers?.onClose();
    this.resolveClosed();
  }
}
