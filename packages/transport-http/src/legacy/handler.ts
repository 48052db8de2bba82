import { MediaType } from "../shared/headers.js";
import { readMessage } from "../server/read-message.js";
import { preflightReply } from "../server/cors.js";
import type { InboundRequest } from "../server/inbound.js";
import { type InboundHandler, answerInbound, guardedReply } from "../server/native-handler.js";
import { type Reply, emptyReply } from "../server/reply.js";
import { WebInbound } from "../server/web-inbound.js";
import { replyToResponse } from "../server/web-reply.js";
import { accepts, isJsonContentType } from "../server/negotiate.js";
import { INVALID_HOST } from "../server/host.js";
import { hostAllowed, originAllowed } from "../server/origin.js";
import { RefusalCode, refusal } from "../server/refusal.js";
import { IdleClock } from "../server/idle-clock.js";
import { newSessionId } from "../server/session-id.js";
import { sessionLimitRefusal } from "../server/session-limit.js";
import {
  type Verified,
  authenticateRequest,
  isReply,
  notTheSessionOwner,
  subjectOf,
} from "../server/authenticate.js";
import { type LegacySseHandlerOptions, type ResolvedLegacyOptions, resolveLegacyOptions } from "./options.js";
import { LegacySseServerTransport } from "./server-transport.js";

const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-type": MediaType.sse,
  "cache-control": "no-cache",
  "x-accel-buffering": "no",
});

/** The query parameter of the POST URL that names the session. */
export const SESSION_QUERY_PARAMETER = "sessionId";

/**
 * The HTTP+SSE transport of revision 2024-11-05 as a web-standard handler: give it the requests
 * to its two paths (Node through `@mcpkit/transport-http/node`, or Workers, Deno and Bun directly).
 */
export interface LegacySseHandler {
  /** Answers one HTTP request. Never rejects. */
  handle(request: Request): Promise<Response>;
  /** Ends every session (their streams end, their transports close) and refuses new ones with 503. */
  close(): Promise<void>;
  /** How many sessions are open. */
  readonly sessionCount: number;
}

/**
 * Creates the server side of the deprecated HTTP+SSE transport, for clients of revision
 * 2024-11-05. A GET on `ssePath` opens a session: an SSE stream whose first event, `endpoint`,
 * names the URL to POST messages to (`messagePath?sessionId=…`), and whose `message` events
 * carry everything the server sends. Each POST is answered 202 with no body. Host and Origin are
 * checked as by {@link createStreamableHttpHandler}. The handler imports nothing from `node:`.
 *
 * @example
 * ```ts
 * const legacy = createLegacySseHandler({ onSession: (transport) => server.connect(transport) });
 * export default { fetch: (request: Request) => legacy.handle(request) }; // e.g. a Worker
 * ```
 */
export function createLegacySseHandler(options: LegacySseHandlerOptions): LegacySseHandler {
  return new LegacyEndpoint(resolveLegacyOptions(options));
}

class LegacyEndpoint implements LegacySseHandler, InboundHandler {
  private readonly sessions = new Map<string, LegacySseServerTransport>();
  private shutDown = false;
  /** One idle clock for every session. */
  private readonly idleClock: IdleClock<LegacySseServerTransport>;

  constructor(private readonly options: ResolvedLegacyOptions) {
    this.idleClock = new IdleClock(options.idleTimeoutMs);
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  async handle(request: Request): Promise<Response> {
    return replyToResponse(await this[answerInbound](new WebInbound(request)));
  }

  /** @internal The runtime-neutral entry (node:http adapters read requests natively). */
  [answerInbound](request: InboundRequest): Promise<Reply> {
    return guardedReply(request, (inbound) => this.route(inbound), this.options.onError, this.options.cors);
  }

  async close(): Promise<void> {
    this.shutDown = true;
    await Promise.all([...this.sessions.values()].map((session) => session.close()));
  }

  private async route(request: InboundRequest): Promise<Reply> {
    const { host } = request;
    if (host === undefined) return refusal(400, INVALID_HOST);
    if (!hostAllowed(host, this.options.allowedHosts)) {
      return refusal(403, "Forbidden: Host not allowed");
    }
    // Only the path and query matter here. An origin-form target is appended, not resolved, so
    // `//other/sse` stays a path (an absolute target names its own origin).
    const { target } = request;
    const url = target.startsWith("/")
      ? new URL(`http://localhost${target}`)
      : new URL(target, "http://localhost");
    if (!originAllowed(request.header("origin"), this.options.allowedOrigins)) {
      return refusal(403, "Forbidden: Origin not allowed");
    }
    const { ssePath, messagePathname } = this.options;
    const opening = request.method === "GET" && url.pathname === ssePath;
    const posting = request.method === "POST" && url.pathname === messagePathname;
    // Credentials are checked only when asked for, and only on the two requests that do anything.
    let verified: Verified | undefined;
    if (this.options.authenticate && (opening || posting)) {
      const outcome = await authenticateRequest(this.options.authenticate, request);
      if (isReply(outcome)) return outcome;
      verified = outcome;
    }
    if (opening) return this.open(request, verified);
    if (posting) return this.post(request, url, verified);
    const allow = [url.pathname === ssePath ? "GET" : "", url.pathname === messagePathname ? "POST" : ""];
    const allowed = allow.filter((m) => m !== "").join(", ");
    if (allowed === "") return refusal(404, "Not Found");
    const { cors } = this.options;
    if (request.method === "OPTIONS" && cors) {
      return preflightReply(request.header("access-control-request-method") !== null, cors);
    }
    return refusal(405, "Method not allowed", RefusalCode.invalidRequest, { allow: allowed });
  }

  private async open(request: InboundRequest, verified: Verified | undefined): Promise<Reply> {
    if (!accepts(request.header("accept"), MediaType.sse)) {
      return refusal(406, "Not Acceptable: Accept must allow text/event-stream");
    }
    if (this.shutDown) return refusal(503, "Service Unavailable: the endpoint is closing");
    const { maxMessageBytes, keepAliveMs, maxBufferedBytes, maxSessions } = this.options;
    if (this.sessions.size >= maxSessions) return sessionLimitRefusal(maxSessions);
    const session = new LegacySseServerTransport(
      newSessionId(),
      {
        maxMessageBytes,
        keepAliveMs,
        maxBufferedBytes,
        idleClock: this.idleClock,
        onEnd: (ended) => {
          if (this.sessions.get(ended.sessionId) === ended) this.sessions.delete(ended.sessionId);
        },
      },
      subjectOf(verified?.auth),
    );
    this.sessions.set(session.sessionId, session);
    const body = request.openBody();
    session.openStream(this.endpointUrl(session.sessionId), body);
    try {
      await this.options.onSession(session);
    } catch (error) {
      this.options.onError(error);
      session.end();
      return refusal(500, "Internal error: the session could not be set up", RefusalCode.internalError);
    }
    // Runtimes that do not cancel the body when the client leaves still abort the request's signal.
    request.onGone(() => session.end());
    return { status: 200, headers: SSE_HEADERS, body };
  }

  private async post(request: InboundRequest, url: URL, verified: Verified | undefined): Promise<Reply> {
    const sessionId = url.searchParams.get(SESSION_QUERY_PARAMETER);
    if (sessionId === null || sessionId === "") {
      return refusal(400, `Bad Request: the ${SESSION_QUERY_PARAMETER} query parameter is required`);
    }
    const session = this.sessions.get(sessionId);
    if (!session || session.isClosed)
      return refusal(404, "Not Found: no such session (its stream has ended)");
    if (session.owner !== subjectOf(verified?.auth)) return notTheSessionOwner("session");
    if (!isJsonContentType(request.header("content-type"))) {
      return refusal(415, "Unsupported Media Type: Content-Type must be application/json");
    }
    const read = await readMessage(request, this.options);
    if ("refused" in read) return read.refused;
    const value = read.value;
    session.receive(
      value,
      verified ? { headers: verified.headers, authInfo: verified.auth } : { headers: request.headerRecord() },
    );
    return emptyReply(202);
  }

  /** The POST URL for a session, as the `endpoint` event names it. */
  private endpointUrl(sessionId: string): string {
    const { messagePath } = this.options;
    const separator = messagePath.includes("?") ? "&" : "?";
    return `${messagePath}${separator}${SESSION_QUERY_PARAMETER}=${encodeURIComponent(sessionId)}`;
  }
}
