import { Header } from "../shared/headers.js";
import { type Verified, notTheSessionOwner, subjectOf } from "./authenticate.js";
import { type FleetSettings, resumedFrom } from "./fleet-session.js";
import type { InboundRequest } from "./inbound.js";
import { RefusalCode, refusal } from "./refusal.js";
import type { Reply } from "./reply.js";
import { newSessionId } from "./session-id.js";
import { sessionLimitRefusal } from "./session-limit.js";
import type { SessionSettings } from "./session-settings.js";
import { HttpServerTransport } from "./session-transport.js";

/** What the table needs from the handler's options. */
export interface SessionTableSettings {
  readonly session: SessionSettings;
  readonly fleet: FleetSettings;
  readonly maxSessions: number;
  readonly onSession: (transport: HttpServerTransport) => unknown;
  readonly onError: (error: unknown) => void;
}

const noSuchSession = () => refusal(404, "Not Found: no such session (it may have expired)");

/**
 * The sessions this process holds, by `Mcp-Session-Id`: the ones it opened, and copies of
 * sessions opened elsewhere in the fleet, rebuilt from their record on their first request here.
 * A session held here is found in the map (no store, no await); only an unknown id reads the
 * session store.
 */
export class SessionTable {
  private readonly sessions = new Map<string, HttpServerTransport>();
  /** Copies being rebuilt, so concurrent requests of one session make one copy. */
  private readonly rebuilding = new Map<string, Promise<HttpServerTransport | Reply>>();

  constructor(private readonly settings: SessionTableSettings) {}

  /** Sessions (and copies) held, ended ones still draining included. */
  get size(): number {
    return this.sessions.size;
  }

  /** Open sessions (and copies). */
  get openCount(): number {
    let open = 0;
    for (const session of this.sessions.values()) if (!session.isClosed) open += 1;
    return open;
  }

  /** Forgets an ended session (its transport's `onEnd`). */
  forget(ended: HttpServerTransport): void {
    if (this.sessions.get(ended.sessionId) === ended) this.sessions.delete(ended.sessionId);
  }

  /**
   * The request's session; with `draining`, also one that ended with messages left for a GET.
   * Refused (403) when the credentials are not those of the subject that opened it; a session
   * this process does not hold is rebuilt from its record (404 when there is none).
   */
  find(
    request: InboundRequest,
    verified: Verified | undefined,
    draining = false,
  ): HttpServerTransport | Reply | Promise<HttpServerTransport | Reply> {
    const id = request.header(Header.sessionId) ?? "";
    const found = this.sessions.get(id);
    if (!found) return this.rebuild(id, verified);
    if (found.isClosed && !(draining && found.draining)) return noSuchSession();
    // A copy rebuilt before the client's notifications/initialized, which went to another copy:
    // the client sent this request after that one was answered, so the record says it now.
    if (found.awaitsInitialized)
      return this.catchUpInitialized(found).then(() => this.admit(found, verified));
    return this.admit(found, verified);
  }

  /** Opens a new session (an `initialize` without a session id). */
  async create(owner: string | undefined): Promise<HttpServerTransport | Reply> {
    // Sessions that ended but still hold messages for a last GET count: they hold memory.
    if (this.sessions.size >= this.settings.maxSessions)
      return sessionLimitRefusal(this.settings.maxSessions);
    const session = new HttpServerTransport(newSessionId(), this.settings.session, owner, {
      fleet: this.settings.fleet,
    });
    return this.start(session, "the session could not be set up");
  }

  /** Ends every copy held here; the sessions go on in the fleet (their records stay). */
  async closeAll(): Promise<void> {
    await Promise.all(
      [...this.sessions.values()].map((session) => {
        session.endHere();
        return session.closed;
      }),
    );
  }

  private admit(found: HttpServerTransport, verified: Verified | undefined): HttpServerTransport | Reply {
    if (found.owner !== subjectOf(verified?.auth)) return notTheSessionOwner("session");
    found.touch();
    return found;
  }

  private rebuild(id: string, verified: Verified | undefined): Promise<HttpServerTransport | Reply> {
    let pending = this.rebuilding.get(id);
    if (!pending) {
      pending = this.rebuildFromRecord(id).finally(() => this.rebuilding.delete(id));
      this.rebuilding.set(id, pending);
    }
    return pending.then((session) =>
      session instanceof HttpServerTransport ? this.admit(session, verified) : session,
    );
  }

  private async rebuildFromRecord(id: string): Promise<HttpServerTransport | Reply> {
    if (id === "") return noSuchSession();
    let record: Awaited<ReturnType<FleetSettings["sessionStore"]["get"]>>;
    try {
      record = await this.settings.fleet.sessionStore.get(id);
    } catch (error) {
      this.settings.onError(error);
      return refusal(
        503,
        "Service Unavailable: the session store cannot be reached",
        RefusalCode.internalError,
      );
    }
    if (!record) return noSuchSession();
    const held = this.sessions.get(id);
    if (held) return held;
    if (this.sessions.size >= this.settings.maxSessions)
      return sessionLimitRefusal(this.settings.maxSessions);
    const session = new HttpServerTransport(id, this.settings.session, record.owner, {
      fleet: this.settings.fleet,
      rebuilt: true,
      resumedSession: resumedFrom(record),
    });
    const started = await this.start(session, "the session could not be resumed");
    // Listening now: what was shared before is in the record (written first), read it again.
    if (started === session && !record.initialized) await this.catchUpInitialized(session);
    return started;
  }

  /**
   * A copy rebuilt before the client's `notifications/initialized` reached the record hears it
   * from the copy that took it, which writes the record, then shares it, then answers 202. Read
   * the record again once listening (what was shared before is there), and at each request
   * reaching the copy while it still waits (the client sent it after the 202, so the record says
   * so, though the shared notification may still be on its way).
   */
  private async catchUpInitialized(session: HttpServerTransport): Promise<void> {
    try {
      const again = await this.settings.fleet.sessionStore.get(session.sessionId);
      if (again?.initialized)
        session.deliverFromFleet({ jsonrpc: "2.0", method: "notifications/initialized" });
    } catch (error) {
      // The copy goes on; it hears the notification if it comes.
      this.settings.onError(error);
    }
  }

  /** Hands a new transport to `onSession` and joins it to the fleet. */
  private async start(session: HttpServerTransport, failure: string): Promise<HttpServerTransport | Reply> {
    this.sessions.set(session.sessionId, session);
    try {
      await (session.fleet as NonNullable<typeof session.fleet>).join();
    } catch (error) {
      // The bus is down: a passing condition, the client may try again.
      this.settings.onError(error);
      session.endHere();
      return refusal(503, `Service Unavailable: ${failure} (the fleet's bus cannot be reached)`);
    }
    try {
      await this.settings.onSession(session);
      return session;
    } catch (error) {
      this.settings.onError(error);
      session.endHere();
      return refusal(500, `Internal error: ${failure}`, RefusalCode.internalError);
    }
  }
}
