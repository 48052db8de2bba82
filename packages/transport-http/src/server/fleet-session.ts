import { idKey } from "../shared/messages.js";
import type { StoredEvent } from "./event-store.js";
import { type ClientDescription, levelSet } from "./fleet-messages.js";
import {
  type Bus,
  type JsonRpcPayload,
  BusChannel,
  type RequestId,
  type ResumedSession,
  type SessionChange,
  type SessionRecord,
  type SessionStore,
  type Unsubscribe,
} from "@mcpkit/core";

/** The shared state a handler's sessions use to be served by any process of a fleet. */
export interface FleetSettings {
  readonly sessionStore: SessionStore;
  readonly bus: Bus;
  /** The records' expiry: the handler's `idleTimeoutMs` (0: none). */
  readonly ttlMs: number;
  readonly onError: (error: unknown) => void;
}

/** What a session's fleet side calls back into: its transport. */
export interface FleetHost {
  readonly sessionId: string;
  /** A message for the standalone stream, sent by another process's copy. */
  emitStandalone(json: string): void;
  /** A client message another process received for this copy (an answer, a notification). */
  deliverFromFleet(value: unknown): void;
  /** Another process ended the session. */
  endedElsewhere(): void;
  /** The client set its log level through another copy. */
  levelSetElsewhere(level: string): void;
  /** Another copy stored an event of a stream it carries on without a connection. */
  relayedEvent(event: StoredEvent): void;
  /** Another copy's stream (see `relayedEvent`) is done. */
  relayedDone(streamId: string): void;
}

/** Client notifications every copy of a session must see. */
const SHARED_NOTIFICATIONS = new Set([
  "notifications/cancelled",
  "notifications/initialized",
  "notifications/roots/list_changed",
]);

/** Whether every copy of the session must see this client notification. */
export function isSharedNotification(method: unknown): boolean {
  return typeof method === "string" && SHARED_NOTIFICATIONS.has(method);
}

/** The copy an answer belongs to: `<tag>~<n>` ids are a rebuilt copy's, others the original's. */
export function answerTarget(id: unknown): string {
  if (typeof id !== "string") return ORIGIN;
  const cut = id.indexOf("~");
  return cut > 0 ? id.slice(0, cut) : ORIGIN;
}

/** The `to` of an answer for the copy that opened the session. */
const ORIGIN = "origin";

/** What goes over the bus on a session's channel (see docs/design.md, "Fleet seams"). */
type SessionMessage =
  | { readonly type: "notify"; readonly from: string; readonly json: string }
  | { readonly type: "stream"; readonly from: string }
  | { readonly type: "response"; readonly from: string; readonly to: string; readonly json: string }
  | { readonly type: "notification"; readonly from: string; readonly json: string }
  | { readonly type: "level"; readonly from: string; readonly level: string }
  | { readonly type: "event"; readonly from: string; readonly event: StoredEvent }
  | { readonly type: "done"; readonly from: string; readonly streamId: string }
  | { readonly type: "end"; readonly from: string };

/** The record a session's copy is rebuilt from, as the engine continues it. */
export function resumedFrom(record: SessionRecord): ResumedSession {
  return {
    revision: record.protocolVersion as ResumedSession["revision"],
    clientCapabilities: record.clientCapabilities,
    clientInfo: record.clientInfo,
    initialized: record.initialized,
    ...(record.logLevel === undefined ? {} : { logLevel: record.logLevel }),
  };
}

/**
 * One copy of a session as a member of a fleet: its record in the session store (made when
 * `initialize` is answered, changed as the session changes, its activity noted at most once per
 * quarter of the idle timeout) and its channel on the bus (messages for the stream it holds,
 * answers to its server requests, the session's end). The copy that opened the session is the
 * original and holds the standalone stream until a GET opens it elsewhere; a rebuilt copy has a
 * random `tag`, which prefixes its server requests' ids and its event ids.
 */
export class FleetSession {
  /** This copy's name on the bus (and, for a rebuilt copy, in ids). */
  readonly tag: string;
  /** Whether this copy's standalone stream is the session's (messages for it are emitted here). */
  holdsStream: boolean;
  private unsubscribe: Unsubscribe | undefined;
  private leaving = false;
  private lastNoted = 0;
  /** `logging/setLevel` requests not yet answered: their level, by id. */
  private levels: Map<string, string> | undefined;
  /** Ids of this copy's server requests as sent (`<tag>~<n>`), to the engine's own. */
  private readonly outbound = new Map<string, RequestId>();

  constructor(
    private readonly host: FleetHost,
    private readonly settings: FleetSettings,
    /** Whether this copy was rebuilt from the record (not the one that opened the session). */
    readonly rebuilt: boolean,
  ) {
    this.tag = rebuilt ? crypto.randomUUID().slice(0, 8) : ORIGIN;
    this.holdsStream = !rebuilt;
  }

  private get channel(): string {
    return BusChannel.session(this.host.sessionId);
  }

  /** Listens on the session's channel; resolves once listening. */
  async join(): Promise<void> {
    const stop = await this.settings.bus.subscribe(this.channel, (text) => this.heard(text));
    if (this.leaving) void stop().catch(this.settings.onError);
    else this.unsubscribe = stop;
  }

  /** Stops listening (the copy ended here). */
  leave(): void {
    this.leaving = true;
    this.outbound.clear();
    const stop = this.unsubscribe;
    this.unsubscribe = undefined;
    stop?.().catch(this.settings.onError);
  }

  /** Stores the session's record (its initialize was answered); resolves once stored. */
  async opened(
    protocolVersion: string,
    client: ClientDescription | undefined,
    owner: string | undefined,
  ): Promise<void> {
    const now = Date.now();
    this.lastNoted = now;
    const record: SessionRecord = {
      sessionId: this.host.sessionId,
      protocolVersion,
      clientCapabilities: client?.capabilities ?? {},
      ...(client?.info === undefined ? {} : { clientInfo: client.info }),
      initialized: false,
      ...(owner === undefined ? {} : { owner }),
      createdAt: now,
      lastActivity: now,
    };
    const made = await this.settings.sessionStore.create(record, this.settings.ttlMs);
    if (!made) throw new Error(`the session store refused the record of session ${record.sessionId}`);
  }

  /** Whether another copy was active within `limitMs` (the record's last activity says so). */
  async activeElsewhere(limitMs: number): Promise<boolean> {
    const record = await this.record();
    return record !== undefined && Date.now() - record.lastActivity < limitMs;
  }

  /** A `logging/setLevel` arrived: its level goes into the record once it is answered with success. */
  levelRequested(request: { readonly id: RequestId; readonly params?: unknown }): void {
    const level = (request.params as { level?: unknown } | undefined)?.level;
    if (typeof level !== "string") return;
    this.levels ??= new Map();
    this.levels.set(idKey(request.id), level);
  }

  /**
   * Answers are going out: a successful `logging/setLevel` among them changes the record and
   * tells the other copies; the promise returned then settles once both are done (the answer
   * waits for it, so the client's next request finds the level set on any process).
   */
  answered(payload: JsonRpcPayload, ids: readonly RequestId[]): Promise<void> | undefined {
    if (!this.levels) return undefined;
    const level = levelSet(payload, ids, this.levels);
    if (level === undefined) return undefined;
    return Promise.all([
      this.change({ logLevel: level }),
      this.publish({ type: "level", from: this.tag, level }),
    ]).then(() => undefined);
  }

  /**
   * A client message that is not a request, as it arrives: false when it is an answer to another
   * copy's server request (sent on to it, or dropped when unknown); an answer to this copy gets
   * the engine's own id back; a notification every copy must see is shared.
   */
  inbound(member: unknown): boolean {
    const message = member as { id?: unknown; method?: unknown };
    if (message.method === undefined && "id" in (member as object)) {
      const own = this.claimAnswer(message);
      if (own === false) return false;
      if (own !== message.id) (member as { id: unknown }).id = own;
      return true;
    }
    if (message.method === "notifications/initialized") {
      // The record first, then the other copies: a copy rebuilt meanwhile either hears it or,
      // reading the record once it listens, finds it initialized (see `SessionTable`).
      this.pendingWrite = this.change({ initialized: true }).then(() => this.share(member));
    } else if (isSharedNotification(message.method)) void this.share(member);
    return true;
  }

  /** Records a change of the session (fire and forget; failures go to `onError`). */
  change(change: SessionChange): Promise<void> {
    return this.settings.sessionStore
      .update(this.host.sessionId, change, this.settings.ttlMs)
      .then(() => undefined, this.settings.onError);
  }

  /**
   * The record write the POST being answered must wait for (`notifications/initialized`: the
   * next request may reach a process that rebuilds the session from the record); taken once.
   */
  takeWrite(): Promise<void> | undefined {
    const write = this.pendingWrite;
    this.pendingWrite = undefined;
    return write;
  }

  private pendingWrite: Promise<void> | undefined;

  /** Notes activity in the record, at most once per quarter of the expiry. */
  active(now: number): void {
    if (this.settings.ttlMs <= 0 || now - this.lastNoted < this.settings.ttlMs / 4) return;
    this.lastNoted = now;
    void this.change({ lastActivity: now });
  }

  /** The session's record now (undefined once it ended or expired everywhere). */
  record(): Promise<SessionRecord | undefined> {
    return this.settings.sessionStore.get(this.host.sessionId);
  }

  /**
   * Ends the session for the whole fleet: its record goes, every other copy ends. Settles once
   * both are done (failures go to `onError`), so a DELETE is answered only then.
   */
  async endEverywhere(): Promise<void> {
    await Promise.all([
      this.settings.sessionStore.delete(this.host.sessionId).catch(this.settings.onError),
      this.publish({ type: "end", from: this.tag }),
    ]);
  }

  /** This copy opened the GET stream: it holds the stream now, the others no longer. */
  tookStream(): void {
    this.holdsStream = true;
    void this.publish({ type: "stream", from: this.tag });
  }

  /** An event of a stream this copy carries on without a connection (a resume elsewhere follows it). */
  relayEvent(event: StoredEvent): void {
    void this.publish({ type: "event", from: this.tag, event });
  }

  /** A stream of this copy that went on without a connection is done. */
  relayDone(streamId: string): void {
    void this.publish({ type: "done", from: this.tag, streamId });
  }

  /** A message for the standalone stream, which another copy holds. */
  forwardToStream(json: string): void {
    void this.publish({ type: "notify", from: this.tag, json });
  }

  /** A client notification every copy must see (cancellation, initialized); settles once published. */
  share(message: unknown): Promise<void> {
    return this.publish({ type: "notification", from: this.tag, json: JSON.stringify(message) });
  }

  /** The id a server request of this copy goes out with (a rebuilt copy's carry its tag). */
  outboundId(id: RequestId): RequestId {
    if (!this.rebuilt) return id;
    const sent = `${this.tag}~${String(id)}`;
    this.outbound.set(sent, id);
    return sent;
  }

  /**
   * An answer from the client: the engine's own id when it is this copy's (with its original
   * type; `null` stays `null`), else false after sending it on to the copy it belongs to (or,
   * for a tagged id this copy no longer knows, dropping it).
   */
  claimAnswer(answer: { readonly id?: unknown }): RequestId | null | false {
    const target = answerTarget(answer.id);
    if (target === this.tag) {
      if (!this.rebuilt) return answer.id as RequestId | null;
      const own = this.outbound.get(answer.id as string);
      this.outbound.delete(answer.id as string);
      return own ?? false;
    }
    void this.publish({ type: "response", from: this.tag, to: target, json: JSON.stringify(answer) });
    return false;
  }

  /** Publishes on the session's channel; settles once published (failures go to `onError`). */
  private publish(message: SessionMessage): Promise<void> {
    return this.settings.bus.publish(this.channel, JSON.stringify(message)).catch(this.settings.onError);
  }

  private heard(text: string): void {
    let message: SessionMessage;
    try {
      message = JSON.parse(text) as SessionMessage;
    } catch (error) {
      this.settings.onError(error);
      return;
    }
    if (this.leaving || message.from === this.tag) return;
    switch (message.type) {
      case "notify":
        if (this.holdsStream) this.host.emitStandalone(message.json);
        return;
      case "stream":
        this.holdsStream = false;
        return;
      case "response":
        if (message.to === this.tag) this.host.deliverFromFleet(JSON.parse(message.json));
        return;
      case "notification":
        this.host.deliverFromFleet(JSON.parse(message.json));
        return;
      case "level":
        this.host.levelSetElsewhere(message.level);
        return;
      case "event":
        this.host.relayedEvent(message.event);
        return;
      case "done":
        this.host.relayedDone(message.streamId);
        return;
      case "end":
        this.host.endedElsewhere();
        return;
    }
  }
}
