import { Header, MediaType } from "../shared/headers.js";
import { hasInitialize, requestIdsOf } from "../shared/messages.js";
import { ASSUMED_REVISION } from "../shared/headers.js";
import { NO_EVENTS } from "./event-store.js";
import { sessionOnlyRefusal, sessionlessSession } from "./sessionless.js";
import { SSE_REPLY_HEADERS, deliverPost } from "./post-exchange.js";
import { readMessage } from "./read-message.js";
import { type CorsOptions, preflightReply, resolveCors } from "./cors.js";
import type { InboundRequest } from "./inbound.js";
import { type InboundHandler, answerInbound, guardedReply } from "./native-handler.js";
import { type Reply, emptyReply } from "./reply.js";
import { WebInbound } from "./web-inbound.js";
import { replyToResponse } from "./web-reply.js";
import { type AnswerForms, answerForms, accepts, isJsonContentType } from "./negotiate.js";
import {
  type HandleOptions,
  type ResolvedOptions,
  type StreamableHttpHandler,
  type StreamableHttpHandlerOptions,
  resolveOptions,
} from "./options.js";
import { INVALID_HOST } from "./host.js";
import { hostAllowed, originAllowed } from "./origin.js";
import { RefusalCode, refusal } from "./refusal.js";
import { newSessionId } from "./session-id.js";
import { sessionLimitRefusal } from "./session-limit.js";
import { SessionTable } from "./session-table.js";
import { IdleClock } from "./idle-clock.js";
import type { SessionSettings } from "./session-settings.js";
import { HttpServerTransport } from "./session-transport.js";
import { batchRefusal, effectiveRevision, initializeRevision, polls } from "./revision.js";
import { StatelessEndpoint } from "./stateless/endpoint.js";
import { type Verified, authenticateRequest, isReply, subjectOf } from "./authenticate.js";
import { isStatelessPost, isStatelessVersion } from "./stateless/era-rule.js";

const SSE_HEADERS = SSE_REPLY_HEADERS;

export type { StreamableHttpHandler };

/**
 * Creates a Streamable HTTP endpoint of the session era (2025-03-26 to 2025-11-25). Each
 * `initialize` POST starts a session whose transport goes to `onSession`, so one server
 * definition serves any number of sessions. The handler imports nothing from `node:`.
 *
 * A POST whose answer is ready at once gets one JSON body, any other an SSE stream (see the
 * `jsonResponse` option). Every SSE event carries an id naming its stream (`p3-17`: POST stream
 * 3; `g-5`: the GET stream) and goes to the `eventStore`; a GET with `Last-Event-ID` replays what
 * followed that event on its stream, then goes on live (410 when the store does not know the id).
 * Sessions on 2025-11-25 get SSE polling: each stream starts with a priming event, and the server
 * may close a connection early (`closeSseAfterMs`, `HttpServerTransport.closeStream`).
 *
 * @example
 * ```ts
 * const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
 * export default { fetch: (request: Request) => handler.handle(request) }; // e.g. a Worker
 * ```
 */
export function createStreamableHttpHandler(options: StreamableHttpHandlerOptions): StreamableHttpHandler {
  return new Endpoint(resolveOptions(options));
}

class Endpoint implements StreamableHttpHandler, InboundHandler {
  private readonly sessions: SessionTable;
  /** Settings of the one-POST transports of an endpoint without sessions. */
  private readonly sessionlessSettings: SessionSettings;
  /** Sessionless POSTs being answered. */
  private exchanges = 0;
  private shutDown = false;
  /** The host last allowed: clients send the same `Host` with every request. */
  private lastAllowedHost: string | undefined;
  private readonly cors: CorsOptions | undefined;
  /** The 2026-07-28 era: one shared transport for every stateless request (see stateless/era-rule.ts). */
  private readonly stateless: StatelessEndpoint | undefined;

  constructor(private readonly options: ResolvedOptions) {
    this.cors = resolveCors(options.cors);
    const sessionSettings: SessionSettings = {
      maxMessageBytes: options.maxMessageBytes,
      maxQueuedMessages: options.maxQueuedMessages,
      maxPendingEvents: options.maxPendingEvents,
      eventStore: options.eventStore,
      keepAliveMs: options.keepAliveMs,
      retryMs: options.sseRetryMs,
      closeSseAfterMs: options.closeSseAfterMs,
      onError: options.onError,
      idleClock: new IdleClock(options.idleTimeoutMs),
      onEnd: (ended) => this.sessions.forget(ended),
    };
    this.sessions = new SessionTable({
      session: sessionSettings,
      fleet: {
        sessionStore: options.sessionStore,
        bus: options.bus,
        ttlMs: options.idleTimeoutMs,
        onError: options.onError,
      },
      maxSessions: options.maxSessions,
      onSession: options.onSession,
      onError: options.onError,
    });
    this.sessionlessSettings = {
      ...sessionSettings,
      eventStore: NO_EVENTS,
      closeSseAfterMs: 0,
      idleClock: new IdleClock(0),
      onEnd() {},
    };
    const { jsonResponse, maxMessageBytes, keepAliveMs, onError, onStateless } = options;
    if (onStateless) {
      this.stateless = new StatelessEndpoint({
        jsonResponse,
        maxMessageBytes,
        keepAliveMs,
        onError,
        onStateless,
      });
    }
  }

  get sessionCount(): number {
    return this.sessions.openCount;
  }

  async handle(request: Request, options?: HandleOptions): Promise<Response> {
    return replyToResponse(await this[answerInbound](new WebInbound(request, options)));
  }

  /** @internal The runtime-neutral entry (node:http adapters read requests natively). */
  [answerInbound](request: InboundRequest): Promise<Reply> {
    return guardedReply(request, (inbound) => this.route(inbound), this.options.onError, this.cors);
  }

  async close(): Promise<void> {
    this.shutDown = true;
    await this.sessions.closeAll();
    await this.stateless?.close();
  }

  private async route(request: InboundRequest): Promise<Reply> {
    const { host } = request;
    if (host === undefined) return refusal(400, INVALID_HOST);
    if (host !== this.lastAllowedHost) {
      if (!hostAllowed(host, this.options.allowedHosts)) return refusal(403, "Forbidden: Host not allowed");
      this.lastAllowedHost = host;
    }
    if (!originAllowed(request.header("origin"), this.options.allowedOrigins)) {
      return refusal(403, "Forbidden: Origin not allowed");
    }
    const { method } = request;
    // Credentials are checked only when asked for: an open endpoint's path is unchanged.
    let verified: Verified | undefined;
    if (request.auth !== undefined && method !== "OPTIONS") {
      // The caller established the identity (HandleOptions.auth): the hook is not asked.
      verified = { auth: request.auth, headers: request.headerRecord() };
    } else if (this.options.authenticate && method !== "OPTIONS") {
      const outcome = await authenticateRequest(this.options.authenticate, request);
      if (isReply(outcome)) return outcome;
      verified = outcome;
    }
    if (method === "POST") return this.post(request, verified);
    const stateless =
      this.stateless && isStatelessVersion(request) && request.header(Header.sessionId) === null;
    if (stateless && method !== "OPTIONS") {
      return refusal(
        405,
        "Method not allowed: the 2026-07-28 era uses POST only",
        RefusalCode.invalidRequest,
        {
          allow: "POST",
        },
      );
    }
    if (method === "GET") return this.get(request, verified);
    if (method === "DELETE") return this.delete(request, verified);
    if (method === "OPTIONS" && this.cors) {
      return preflightReply(request.header("access-control-request-method") !== null, this.cors);
    }
    return refusal(405, "Method not allowed", RefusalCode.invalidRequest, { allow: "GET, POST, DELETE" });
  }

  private async post(request: InboundRequest, verified: Verified | undefined): Promise<Reply> {
    if (!isJsonContentType(request.header("content-type"))) {
      return refusal(415, "Unsupported Media Type: Content-Type must be application/json");
    }
    const forms = answerForms(request.header("accept"));
    if (!forms.json && !forms.sse) {
      return refusal(406, "Not Acceptable: Accept must allow application/json or text/event-stream");
    }
    const read = await readMessage(request, this.options);
    if ("refused" in read) return read.refused;
    const value = read.value;
    if (this.stateless && isStatelessPost(request, value))
      return this.stateless.post(request, value, forms, verified);

    const initializing = hasInitialize(value);
    if (initializing && Array.isArray(value)) {
      return refusal(400, "Invalid Request: initialize must not be part of a batch");
    }
    if (!this.options.sessions) return this.sessionlessPost(request, value, forms, verified, initializing);
    let session: HttpServerTransport;
    let created = false;
    if (request.header(Header.sessionId) !== null) {
      let found = this.sessions.find(request, verified);
      if (found instanceof Promise) found = await found;
      if (!(found instanceof HttpServerTransport)) return found;
      session = found;
    } else if (initializing) {
      if (this.shutDown) return refusal(503, "Service Unavailable: the endpoint is closing");
      const fresh = await this.sessions.create(subjectOf(verified?.auth));
      if (!(fresh instanceof HttpServerTransport)) return fresh;
      session = fresh;
      session.touch();
      created = true;
    } else {
      return refusal(400, "Bad Request: Mcp-Session-Id header is required");
    }
    if (!initializing) {
      const bad = this.checkVersion(request, session);
      if (bad) return bad;
    }
    const revision = initializing ? initializeRevision(value) : effectiveRevision(request, session);
    const badBatch = batchRefusal(value, revision);
    if (badBatch) return badBatch;

    const reply = await deliverPost(session, request, {
      value,
      forms,
      verified,
      jsonResponse: this.options.jsonResponse,
      revision,
      created,
    });
    // The client learns the session id only once any process of the fleet can find its record.
    if (created && session.recorded) {
      try {
        await session.recorded;
      } catch (error) {
        this.options.onError(error);
        session.end();
        return refusal(
          503,
          "Service Unavailable: the session could not be stored",
          RefusalCode.internalError,
        );
      }
      // Its idle time starts when the client gets its id.
      session.touch();
    }
    return reply;
  }

  /** A POST of the session era on an endpoint without sessions (`sessions: false`). */
  private async sessionlessPost(
    request: InboundRequest,
    value: unknown,
    forms: AnswerForms,
    verified: Verified | undefined,
    initializing: boolean,
  ): Promise<Reply> {
    if (request.header(Header.sessionId) !== null) {
      return refusal(404, "Not Found: no such session (this endpoint has no sessions)");
    }
    if (this.shutDown) return refusal(503, "Service Unavailable: the endpoint is closing");
    const revision = initializing
      ? initializeRevision(value)
      : (request.header(Header.protocolVersion) ?? undefined);
    if (!initializing) {
      const version = revision ?? ASSUMED_REVISION;
      if (!this.options.supportedRevisions.includes(version)) {
        return refusal(400, `Bad Request: unsupported MCP-Protocol-Version ${JSON.stringify(version)}`);
      }
    }
    const badBatch = batchRefusal(value, revision ?? ASSUMED_REVISION);
    if (badBatch) return badBatch;
    if (requestIdsOf(value).length === 0) return emptyReply(202);
    const refused = sessionOnlyRefusal(value);
    if (refused) return refused;
    // Exchanges in flight hold memory as sessions do: the same bound.
    if (this.exchanges >= this.options.maxSessions) return sessionLimitRefusal(this.options.maxSessions);
    const session = new HttpServerTransport(
      newSessionId(),
      this.sessionlessSettings,
      subjectOf(verified?.auth),
      {
        sessionless: true,
        ...(initializing ? {} : { resumedSession: sessionlessSession(request) }),
      },
    );
    this.exchanges += 1;
    void session.closed.then(() => {
      this.exchanges -= 1;
    });
    try {
      await this.options.onSession(session);
    } catch (error) {
      this.options.onError(error);
      session.end();
      return refusal(500, "Internal error: the request could not be served", RefusalCode.internalError);
    }
    const { jsonResponse } = this.options;
    return deliverPost(session, request, { value, forms, verified, jsonResponse, revision, created: false });
  }

  private async get(request: InboundRequest, verified: Verified | undefined): Promise<Reply> {
    if (!accepts(request.header("accept"), MediaType.sse)) {
      return refusal(406, "Not Acceptable: Accept must allow text/event-stream");
    }
    if (!this.options.standaloneStream || !this.options.sessions) {
      return refusal(405, "Method not allowed: this endpoint has no GET stream", RefusalCode.invalidRequest, {
        allow: this.options.sessions ? "POST, DELETE" : "POST",
      });
    }
    let session = this.requiredSession(request, verified, true);
    if (session instanceof Promise) session = await session;
    if (!(session instanceof HttpServerTransport)) return session;
    const bad = this.checkVersion(request, session);
    if (bad) return bad;
    // A sink only once the stream opens: a refused GET makes none.
    const openBody = () => request.openBody();
    const lastEventId = request.header(Header.lastEventId);
    if (lastEventId !== null && lastEventId !== "") {
      const resumed = await session.resume(lastEventId, openBody);
      if (!resumed) {
        return refusal(410, `Gone: no events to resume after Last-Event-ID ${JSON.stringify(lastEventId)}`);
      }
      return { status: 200, headers: SSE_HEADERS, body: resumed };
    }
    const opened = session.openStandalone(polls(effectiveRevision(request, session)), openBody);
    if (!opened) return refusal(409, "Conflict: this session's GET stream is already open");
    session.touch();
    return { status: 200, headers: SSE_HEADERS, body: opened };
  }

  private async delete(request: InboundRequest, verified: Verified | undefined): Promise<Reply> {
    if (!this.options.sessions) {
      return refusal(
        405,
        "Method not allowed: this endpoint has no sessions to end",
        RefusalCode.invalidRequest,
        {
          allow: "POST",
        },
      );
    }
    let session = this.requiredSession(request, verified);
    if (session instanceof Promise) session = await session;
    if (!(session instanceof HttpServerTransport)) return session;
    const bad = this.checkVersion(request, session);
    if (bad) return bad;
    // Ends the session in every process of the fleet.
    await session.close();
    return emptyReply(204);
  }

  private requiredSession(
    request: InboundRequest,
    verified: Verified | undefined,
    draining = false,
  ): HttpServerTransport | Reply | Promise<HttpServerTransport | Reply> {
    if (request.header(Header.sessionId) === null) {
      return refusal(400, "Bad Request: Mcp-Session-Id header is required");
    }
    return this.sessions.find(request, verified, draining);
  }

  private checkVersion(request: InboundRequest, session: HttpServerTransport): Reply | undefined {
    const version = effectiveRevision(request, session);
    if (this.options.supportedRevisions.includes(version)) return undefined;
    return refusal(400, `Bad Request: unsupported MCP-Protocol-Version ${JSON.stringify(version)}`);
  }
}
