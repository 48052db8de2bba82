import {
  type HttpRefusal,
  LocalError,
  type JsonRpcPayload,
  type MessageContext,
  type RequestId,
  type SendOptions,
  type Transport,
  type TransportHandlers,
  type ResumedSession,
} from "@mcpkit/core";
import { encodePayload } from "../shared/frame.js";
import { isRequest, membersOf, negotiatedVersionIn, responseIdsOf } from "../shared/messages.js";
import type { BodySink } from "./body-sink.js";
import type { StoredEvent } from "./event-store.js";
import { PostAnswers } from "./post-answers.js";
import { type AnswerMode, RequestStream } from "./request-stream.js";
import { EngineOnlyRequests } from "./engine-only.js";
import type { SessionSettings, TransportMode } from "./session-settings.js";
import { SessionStreams, isGetStream, streamOfEventId } from "./session-streams.js";
import { sessionlessPayload } from "./sessionless.js";
import { FleetSession } from "./fleet-session.js";
import { type ClientDescription, describedClient, taggedPayload } from "./fleet-messages.js";

/** How long an ended session keeps undelivered messages for a last GET. */
const DRAIN_GRACE_MS = 10_000;

/**
 * The server side of one Streamable HTTP session, as a core `Transport`. The handler made by
 * {@link createStreamableHttpHandler} creates one per `initialize` and passes it to `onSession`.
 * Inbound messages wait until `start`. Outbound messages go where the specification puts them: a
 * response, and whatever carries `relatedRequestId`, on the stream of the POST it answers;
 * everything else on the standalone GET stream, queued until the client opens it. Every SSE event
 * has an id and is kept in the event store, so a client resumes a lost stream with `Last-Event-ID`.
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
  private handlers: TransportHandlers | undefined;
  // What a session needs only once it is used is made then: an idle session keeps little.
  /** Messages that arrived before `start`. */
  private inbox: [unknown, MessageContext][] | undefined;
  /** The answers of its POSTs still to come, made on first use. */
  private streams: PostAnswers | undefined;
  private sseStreams: SessionStreams | undefined;
  private initializeId: RequestId | undefined;
  private negotiated: string | undefined;
  private ended = false;
  private closedPromise: Promise<void> | undefined;
  private resolveClosed: (() => void) | undefined;
  private drainTimer: ReturnType<typeof setTimeout> | undefined;
  /** @internal When the session was last active (kept by the idle clock). */
  lastActive = 0;

  /** @internal Made by the handler. */
  constructor(
    /** The `Mcp-Session-Id` of this session. */
    readonly sessionId: string,
    private readonly settings: SessionSettings,
    /**
     * @internal Whom the session is bound to: the subject (else client id) of the credentials
     * that opened it; undefined when opened anonymously. Every later request must match it.
     */
    readonly owner?: string,
    mode: TransportMode = {},
  ) {
    this.resumedSession = mode.resumedSession;
    this.initializedSeen = mode.resumedSession?.initialized === true;
    this.sessionless = mode.sessionless === true;
    if (mode.fleet) this.fleet = new FleetSession(this, mode.fleet, mode.rebuilt === true);
    this.touch();
  }

  /** @internal This copy's part in the fleet (absent for a sessionless POST). */
  readonly fleet: FleetSession | undefined;
  /** @internal The record being stored, once `initialize` was answered. */
  recorded: Promise<void> | undefined;
  /** What the client's `initialize` said about it, for the record. */
  private client: ClientDescription | undefined;
  private ownsEnd = true;
  private handed = false;

  /** Whether another process of the fleet holds this session's standalone stream. */
  get streamElsewhere(): boolean {
    return this.fleet !== undefined && !this.fleet.holdsStream;
  }

  /** Whether the session ended only in this process and goes on in others of the fleet. */
  get handedOff(): boolean {
    return this.handed;
  }

  /** The session this transport continues, when it was begun elsewhere. */
  readonly resumedSession: ResumedSession | undefined;
  /** @internal One POST of a sessionless endpoint (see {@link TransportMode}). */
  readonly sessionless: boolean;

  /** Resolves once the session has ended. */
  get closed(): Promise<void> {
    if (this.closedPromise === undefined) {
      this.closedPromise = this.ended
        ? Promise.resolve()
        : new Promise((resolve) => {
            this.resolveClosed = resolve;
          });
    }
    return this.closedPromise;
  }

  /** The session's SSE streams, made by the first one. */
  private get sse(): SessionStreams {
    const fleet = this.fleet;
    this.sseStreams ??= new SessionStreams(
      this.sessionId,
      this.settings,
      this,
      fleet?.rebuilt ? `${fleet.tag}.` : "",
      fleet && {
        event: (event) => fleet.relayEvent(event),
        done: (streamId) => fleet.relayDone(streamId),
      },
    );
    return this.sseStreams;
  }

  /** Whether the session has ended (closed by either side, or expired). */
  get isClosed(): boolean {
    return this.ended;
  }

  /** The revision the session's `initialize` result named, once the server has sent it. */
  get protocolVersion(): string | undefined {
    return this.negotiated;
  }

  /** Starts the transport: from now on what arrives goes to `handlers`. */
  async start(handlers: TransportHandlers): Promise<void> {
    if (this.handlers) throw new LocalError("invalid_message", "the transport is already started");
    if (this.ended) throw new LocalError("connection_closed", "the HTTP session has ended");
    this.handlers = handlers;
    const waiting = this.inbox;
    this.inbox = undefined;
    for (const [value, context] of waiting ?? []) handlers.onMessage(value, context);
  }

  /** Sends one payload (a message or a batch) to the peer. */
  async send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    if (this.ended) throw new LocalError("connection_closed", "the HTTP session has ended");
    if (this.engineOnly?.answers(payload)) return;
    if (this.sessionless) payload = sessionlessPayload(payload, this.initializeId);
    else if (this.fleet?.rebuilt) payload = taggedPayload(payload, this.fleet);
    const json = encodePayload(payload, this.settings.maxMessageBytes);
    this.noteNegotiation(payload);
    const answered = responseIdsOf(payload);
    const first = answered[0];
    if (first !== undefined) {
      const shared = this.fleet?.answered(payload, answered);
      const stream = this.streams?.get(first);
      if (stream && shared) {
        // A log level the fleet must know before the client hears it is set.
        await shared;
        if (!this.ended) this.respond(stream, json, answered, options?.httpRefusal);
        return;
      }
      if (stream) return this.respond(stream, json, answered, options?.httpRefusal);
    } else if (options?.relatedRequestId !== undefined) {
      const stream = this.streams?.get(options.relatedRequestId);
      if (stream?.related(json)) return;
    }
    // Sessionless: there is no GET stream to carry it.
    if (this.sessionless) return;
    if (this.fleet && !this.fleet.holdsStream) return this.fleet.forwardToStream(json);
    this.sse.standalone.emit(json);
  }

  /** Closes the transport; idempotent, resolves once it is closed. */
  async close(): Promise<void> {
    this.end();
    await this.closed;
    // On a fleet: once the record is gone and every other process was told (errors reported).
    await this.endedEverywhere;
  }

  /** Settles once the session's end reached the fleet (its record deleted, the end published). */
  private endedEverywhere: Promise<void> | undefined;

  /**
   * Closes the SSE connection carrying the answer to request `requestId` before the answer is
   * there (2025-11-25 SSE polling): the client reconnects with `Last-Event-ID` after the priming
   * event's `retry` and gets the answer then. Only for streams that began with a priming event
   * (sessions on 2025-11-25 or later); returns false otherwise, or when no connection is open.
   *
   * @example
   * ```ts
   * declare const transport: HttpServerTransport;
   * declare const request: { id: RequestId };
   * // A long tool call: free the connection, the client polls back for the result.
   * transport.closeStream(request.id);
   * ```
   */
  closeStream(requestId: RequestId): boolean {
    return this.streams?.get(requestId)?.sse?.closeConnection() ?? false;
  }

  /**
   * Closes the GET stream's connection (2025-11-25 SSE polling); the client resumes it with
   * `Last-Event-ID` and misses nothing. False when it is not open or not polling.
   *
   * @example
   * ```ts
   * declare const transport: HttpServerTransport;
   * // Before a rolling restart: let clients come back (to another instance sharing the event store).
   * transport.closeStandaloneStream();
   * ```
   */
  closeStandaloneStream(): boolean {
    return this.sseStreams?.closeStandalone() ?? false;
  }

  /**
   * @internal A message arrived in a POST of this session (the handler touched the session when
   * it looked it up, or made it).
   */
  receive(value: unknown, context: MessageContext): void {
    if (this.ended) return;
    let kept: unknown[] | undefined;
    const members = membersOf(value);
    for (const [index, member] of members.entries()) {
      if (isRequest(member)) {
        if (member.method === "initialize") {
          this.initializeId = member.id;
          this.client = describedClient(member.params);
        } else if (member.method === "logging/setLevel") this.fleet?.levelRequested(member);
      } else if ((member as { method?: unknown }).method === "notifications/initialized") {
        this.initializedSeen = true;
        this.fleet?.inbound(member);
      } else if (this.fleet?.inbound(member) === false) {
        // An answer for another copy of the session: it went there.
        kept ??= members.slice(0, index);
        continue;
      }
      kept?.push(member);
    }
    if (kept) {
      if (kept.length === 0) return;
      value = Array.isArray(value) ? kept : kept[0];
    }
    this.deliver(value, context);
  }

  /** @internal A client message another copy received for this one. */
  deliverFromFleet(value: unknown): void {
    if (this.ended) return;
    const message = value as { id?: unknown; method?: unknown };
    // Heard and read from the record both, a rebuilt copy's engine takes it once.
    if (message.method === "notifications/initialized") {
      if (this.initializedSeen) return;
      this.initializedSeen = true;
    }
    if (message.method === undefined && message.id !== undefined) {
      const own = this.fleet?.claimAnswer(message);
      if (own === undefined || own === false) return;
      this.deliver({ ...message, id: own }, {});
      return;
    }
    this.deliver(value, {});
  }

  /** @internal Another copy relayed an event of a stream it carries on (a resume here may follow it). */
  relayedEvent(event: StoredEvent): void {
    if (!this.ended) this.sseStreams?.relayed(event);
  }

  /** @internal Another copy's relayed stream is done. */
  relayedDone(streamId: string): void {
    if (!this.ended) this.sseStreams?.relayedDone(streamId);
  }

  /** @internal A message for the standalone stream from another copy (this one holds it). */
  emitStandalone(json: string): void {
    if (!this.ended) this.sse.standalone.emit(json);
  }

  /**
   * @internal The client set its log level through another copy: this copy's engine hears the
   * same `logging/setLevel` (its answer goes nowhere).
   */
  levelSetElsewhere(level: string): void {
    if (this.ended || !this.fleet) return;
    this.engineOnly ??= new EngineOnlyRequests();
    const id = this.engineOnly.nextId(this.fleet.tag);
    this.deliver({ jsonrpc: "2.0", id, method: "logging/setLevel", params: { level } }, {});
  }

  /** Whether this copy's engine has had `notifications/initialized` (from the record or the client). */
  private initializedSeen = false;

  /**
   * @internal A copy rebuilt before the session was initialized, still waiting to hear so: a
   * request reaching it re-reads the record first (see `SessionTable`).
   */
  get awaitsInitialized(): boolean {
    return this.fleet?.rebuilt === true && !this.initializedSeen && !this.ended;
  }

  /** Requests made here for the engine alone, whose answers go nowhere (made on first use). */
  private engineOnly: EngineOnlyRequests | undefined;

  /** @internal Another process ended the session: it ends here too, telling nobody. */
  endedElsewhere(): void {
    this.ownsEnd = false;
    this.end();
  }

  /**
   * @internal Ends this copy only: the session goes on in the fleet (its record, events,
   * subscriptions and tasks stay).
   */
  endHere(): void {
    this.handed = true;
    this.ownsEnd = false;
    this.end();
  }

  private deliver(value: unknown, context: MessageContext): void {
    if (this.handlers) {
      this.handlers.onMessage(value, context);
      return;
    }
    this.inbox ??= [];
    this.inbox.push([value, context]);
  }

  /**
   * @internal Opens the answer of a POST holding the requests `ids` on `sink`: SSE (priming first
   * with `polling`), one JSON body, or either once the engine's first move shows which fits
   * (`when-ready`; see {@link RequestStream}).
   */
  openRequestStream(
    ids: readonly RequestId[],
    batch: boolean,
    mode: AnswerMode,
    polling: boolean,
    sink: BodySink,
  ): RequestStream {
    // A client that stops reading does not cancel (session era): SSE answers wait in the event
    // store for a resume; JSON answers are dropped.
    const stream = new RequestStream(ids, batch, mode, sink, (body) =>
      this.sse.openPostStream(polling, body),
    );
    this.streams ??= new PostAnswers();
    this.streams.add(stream, ids);
    return stream;
  }

  /**
   * @internal Whether a GET may still collect messages sent before the session ended (which
   * `send` reported as handed over) that no stream was open to carry.
   */
  get draining(): boolean {
    return this.ended && (this.sseStreams?.heldForGet ?? 0) > 0;
  }

  /**
   * @internal Opens the GET stream afresh on a sink from `openBody`, returned; undefined when it
   * is already open.
   */
  openStandalone(polling: boolean, openBody: () => BodySink): BodySink | undefined {
    const opened = this.sse.openStandalone(polling, openBody);
    if (opened && this.ended) this.forget();
    if (opened && !this.ended) this.fleet?.tookStream();
    return opened;
  }

  /**
   * @internal Resumes a stream after `lastEventId` on a sink from `openBody`, returned; undefined
   * when the id is unknown.
   */
  async resume(lastEventId: string, openBody: () => BodySink): Promise<BodySink | undefined> {
    const resumed = await this.sse.resume(lastEventId, openBody);
    // The GET stream goes on here, whichever copy carried it before.
    if (resumed && !this.ended && isGetStream(streamOfEventId(lastEventId))) this.fleet?.tookStream();
    return resumed;
  }

  /** @internal Restarts the idle clock (any request of the session counts as activity). */
  touch(): void {
    if (this.ended) return;
    this.settings.idleClock.touch(this);
    this.fleet?.active(this.lastActive);
  }

  /** @internal Called by the idle clock when the session has been idle for the whole limit. */
  idle(): void {
    // A client waiting on a POST for its answer is active; one that only holds the GET stream
    // open is not (that stream closes with the session).
    if (this.streams?.awaited) this.touch();
    else if (!this.fleet) this.end();
    // A rebuilt copy idle here: the session may be in use elsewhere; drop only this copy.
    else if (this.fleet.rebuilt) this.endHere();
    else this.idleEverywhere();
  }

  /** The original copy is idle: the session ends unless another copy was active since. */
  private idleEverywhere(): void {
    (this.fleet as FleetSession).activeElsewhere(this.settings.idleClock.limit).then(
      (active) => (this.ended ? undefined : active ? this.touch() : this.end()),
      (error: unknown) => {
        this.settings.onError(error);
        this.end();
      },
    );
  }

  private noteNegotiation(payload: JsonRpcPayload): void {
    if (this.initializeId === undefined) return;
    const version = negotiatedVersionIn(payload, this.initializeId);
    if (version === undefined) return;
    this.negotiated = version;
    this.initializeId = undefined;
    if (!this.fleet || this.fleet.rebuilt) return;
    this.recorded = this.fleet.opened(version, this.client, this.owner);
    // Awaited by the handler, which answers a failure with 503.
    this.recorded.catch(() => {});
  }

  private respond(
    stream: RequestStream,
    json: string,
    ids: readonly RequestId[],
    refusal: HttpRefusal | undefined,
  ): void {
    const streams = this.streams;
    if (!streams) {
      stream.respond(json, ids, refusal);
      return;
    }
    if (!streams.respond(stream, json, ids, refusal)) return;
    // Answered: an idle session keeps no table.
    this.streams = undefined;
    // A sessionless POST is over once answered.
    if (this.sessionless) this.end();
  }

  private forget(): void {
    clearTimeout(this.drainTimer);
    this.settings.onEnd(this);
  }

  /** @internal Ends the session: every stream ends, the handler forgets it, `onClose` runs once. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.settings.idleClock.forget(this);
    if (this.fleet) {
      if (this.ownsEnd) this.endedEverywhere = this.fleet.endEverywhere();
      this.fleet.leave();
    }
    this.streams?.end();
    this.streams = undefined;
    // Handed off: other copies may still resume its streams from the event store.
    this.sse.end(!this.handed);
    this.inbox = undefined;
    if (this.draining) {
      this.drainTimer = setTimeout(() => this.forget(), DRAIN_GRACE_MS);
      (this.drainTimer as { unref?: () => void }).unref?.();
    } else this.forget();
    this.handlers?.onClose();
    this.resolveClosed?.();
  }
}
