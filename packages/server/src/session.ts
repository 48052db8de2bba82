import {
  type Capabilities,
  Connection,
  hasCapability,
  type ImplementationInfo,
  LocalError,
  type JsonObject,
  MetaKey,
  type Params,
  type RequestContext,
  type RequestId,
  type RequestStateSealerOptions,
  type Transport,
  declaredExtensions,
  type ExtensionSettings,
} from "@mcpkit/core";
import { type Era, methodInfo, type Revision } from "@mcpkit/schema";
import type { ClientDescription, ServerContext } from "./context.js";
import { type Logger, logTo } from "./logger.js";
import { isLogLevel, passes, RateLimiter } from "./logging.js";
import type { Middleware } from "./middleware.js";
import { ServerEra } from "./server-era.js";
import { SessionHooks } from "./session-hooks.js";
import type { ToJsonSchema } from "./standard-schema.js";
import type { McpTelemetry } from "@mcpkit/core";
import type { SubscriptionStore } from "./subscription-store.js";
import type { CacheHint, LoggingLevel } from "./types.js";

/** The `_meta` key that tags each notification of a `subscriptions/listen` stream. */
export const subscriptionIdKey = "io.modelcontextprotocol/subscriptionId";

/**
 * Answers one inbound request (low level). Return the result; throw `McpError` to choose the error
 * response; anything else thrown becomes -32603 (the message stays on the server).
 */
export type ServerRequestHandler = (params: Params, ctx: ServerContext) => JsonObject | Promise<JsonObject>;

/** Handles one inbound notification (low level). */
export type ServerNotificationHandler = (
  params: Params,
  ctx: { readonly method: string; readonly revision: Revision; readonly session: ServerSession },
) => void | Promise<void>;

/** The lists whose changes are announced. */
export type ListKind = "tools" | "resources" | "prompts";

/** A listen stream's honoured filter (2026-07-28). */
export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

interface Listener {
  readonly filter: SubscriptionFilter;
  readonly end: () => void;
}

/** What a session needs from its server. */
export interface SessionHost {
  readonly info: ImplementationInfo;
  readonly instructions: string | undefined;
  readonly revisions: readonly Revision[] | undefined;
  readonly requestState: RequestStateSealerOptions | undefined;
  readonly discoverCache: CacheHint;
  readonly timeoutMs: number | undefined;
  readonly maxBatchSize: number | undefined;
  readonly validateOutbound: boolean;
  readonly logging:
    | { readonly defaultLevel: LoggingLevel; readonly max: number; readonly intervalMs: number }
    | false;
  readonly middleware: readonly Middleware[];
  readonly subscriptions: SubscriptionStore;
  readonly requestHandlers: ReadonlyMap<string, ServerRequestHandler>;
  /** Request methods extensions define (see `HandlerLookup.extensionMethod`). */
  readonly extensionMethods: ReadonlySet<string>;
  readonly notificationHandlers: ReadonlyMap<string, ServerNotificationHandler>;
  capabilities(): Capabilities;
  /** A session's connection closed. */
  ended(session: ServerSession): void;
  readonly report: (error: Error) => void;
  /** OpenTelemetry spans of requests (settled by `Server.connect`). */
  telemetry?: McpTelemetry | undefined;
  /** Derives JSON Schemas from Standard Schemas (typed elicitation). */
  readonly toJsonSchema?: ToJsonSchema | undefined;
  /** Notes that are not errors (a log message the rate limit dropped). */
  readonly logger?: Logger | undefined;
}

function replaceContents(target: Record<string, unknown>, source: Capabilities): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, source);
}

/**
 * A random UUID held as one flat string: `crypto.randomUUID()` returns a rope of about fifteen
 * pieces, which every idle session would keep (about 500 bytes) for as long as it lives.
 */
function flatId(): string {
  return [...crypto.randomUUID()].join("");
}

/**
 * One client's connection to a {@link Server}: its era and revision, the client's description, its
 * logging level and resource subscriptions. A server has any number of them, over any transports.
 *
 * @example
 * ```ts
 * const session = await server.connect(transport);
 * console.log(session.era, session.revision, session.client.info);
 * await session.closed;
 * ```
 */
export class ServerSession {
  /**
   * The session's id, for logs and stores: the transport's protocol session id when it has one
   * (Streamable HTTP's `Mcp-Session-Id`, the same in every process of a fleet), else a random one.
   */
  id: string = flatId();
  readonly connection: Connection;
  /** Session era: the level set by `logging/setLevel` (undefined until then). */
  logLevel: LoggingLevel | undefined;
  private readonly serverEra: ServerEra;
  private readonly caps: Record<string, unknown> = {};
  /** `subscriptions/listen` streams (stateless era), allocated by the first one. */
  private listenStreams: Map<RequestId, Listener> | undefined;
  /** The logging rate limit, made by the first message logged. */
  private limiter: RateLimiter | undefined;
  private transport: Transport | undefined;

  constructor(private readonly host: SessionHost) {
    replaceContents(this.caps, host.capabilities());
    const hooks = new SessionHooks(this, host);
    this.serverEra = new ServerEra(
      {
        serverInfo: host.info,
        capabilities: this.caps,
        instructions: host.instructions,
        revisions: host.revisions,
        requestState: host.requestState,
        discoverCache: host.discoverCache,
      },
      hooks,
    );
    this.connection = new Connection({
      era: this.serverEra,
      validateOutbound: host.validateOutbound,
      onError: host.report,
      sharedHandlers: hooks,
      ...(host.timeoutMs === undefined ? {} : { timeoutMs: host.timeoutMs }),
      ...(host.maxBatchSize === undefined ? {} : { maxBatchSize: host.maxBatchSize }),
    });
  }

  /**
   * Session era: subscribes the client to a resource's updates (false when the store refuses).
   *
   * @example
   * ```ts
   * declare const session: ServerSession;
   * if (await session.subscribe("file:///notes.md")) server.resourceUpdated("file:///notes.md");
   * ```
   */
  subscribe(uri: string): Promise<boolean> {
    return this.host.subscriptions.add(this.id, uri);
  }

  /** Session era: ends the client's subscription to a resource. */
  unsubscribe(uri: string): Promise<void> {
    return this.host.subscriptions.remove(this.id, uri);
  }

  /** Session era: whether the client subscribed to a resource. */
  isSubscribed(uri: string): Promise<boolean> {
    return this.host.subscriptions.has(this.id, uri);
  }

  /** The era this session speaks: decided by the client's first `initialize` or enveloped request. */
  get era(): Era {
    return this.serverEra.era;
  }

  /** The negotiated revision (session era), or the newest stateless revision served. */
  get revision(): Revision | undefined {
    return this.serverEra.revision;
  }

  /** The client, as `initialize` described it (session era; stateless clients describe themselves per request). */
  get client(): ClientDescription {
    const session = this.serverEra.inner.sessionEra?.session;
    return { info: session?.clientInfo, capabilities: session?.clientCapabilities };
  }

  /**
   * Session era: the extensions the client declared at `initialize`, by id, with their settings
   * (empty before then, and in the stateless era, where each request declares its own: read
   * `declaredExtensions(ctx.client.capabilities)` of `@mcpkit/core` there). Extensions this server
   * does not know are listed too, and otherwise ignored.
   *
   * @example
   * ```ts
   * declare const session: ServerSession;
   * if (session.clientExtensions["io.modelcontextprotocol/ui"]) console.log("the client renders UI");
   * ```
   */
  get clientExtensions(): Readonly<Record<string, ExtensionSettings>> {
    return declaredExtensions(this.serverEra.inner.sessionEra?.session?.clientCapabilities);
  }

  /** Resolves when the session has closed. */
  get closed(): Promise<void> {
    return this.connection.closed;
  }

  /** The capabilities this session declares now. */
  get capabilities(): Capabilities {
    return this.caps;
  }

  /** Starts serving over a transport (continuing the session it resumes, if any). */
  async start(transport: Transport): Promise<void> {
    this.transport = transport;
    if (transport.sessionId !== undefined) this.id = transport.sessionId;
    const level = transport.resumedSession?.logLevel;
    if (isLogLevel(level)) this.logLevel = level;
    await this.connection.connect(transport);
  }

  /**
   * Whether server-wide announcements (list changes, resource updates, server logs) are left to
   * another process's copy of this session, which holds its stream (see `Transport.streamElsewhere`).
   */
  private get announcedElsewhere(): boolean {
    return this.transport?.streamElsewhere === true;
  }

  /** Whether the session closed only here and goes on in another process (see `Transport.handedOff`). */
  get handedOff(): boolean {
    return this.transport?.handedOff === true;
  }

  /** Registrations changed: stateless sessions (and sessions not yet initialized) see the new capabilities. */
  refreshCapabilities(): void {
    const inner = this.serverEra.inner;
    // What initialize announced stays true for the rest of a session.
    if (inner.decided && inner.era === "session" && inner.sessionEra?.session) return;
    replaceContents(this.caps, this.host.capabilities());
  }

  /** Whether the rate limit lets one more log message through. */
  private takeLogSlot(): boolean {
    const logging = this.host.logging;
    if (!logging) return false;
    this.limiter ??= new RateLimiter(logging.max, logging.intervalMs);
    if (this.limiter.take()) return true;
    logTo(
      this.host.logger,
      "debug",
      { session: this.id },
      "a log message to the client was dropped by the rate limit",
    );
    return false;
  }

  /** Whether the session era's client has confirmed initialization (server notifications may flow). */
  private get ready(): boolean {
    const inner = this.serverEra.inner;
    return inner.decided && inner.era === "session" && inner.sessionEra?.state === "ready";
  }

  /** A log message from a handler: the session's level, or (2026-07-28) the request's `_meta` level. */
  async logFor(
    ctx: RequestContext,
    meta: Readonly<Record<string, unknown>>,
    level: LoggingLevel,
    data: unknown,
    logger: string | undefined,
  ): Promise<void> {
    if (!this.host.logging || !hasCapability(this.caps, "logging")) return;
    const threshold =
      ctx.era === "stateless" ? meta[MetaKey.logLevel] : (this.logLevel ?? this.host.logging.defaultLevel);
    // Stateless clients that did not ask for logs get none.
    if (!isLogLevel(threshold) || !passes(level, threshold) || !this.takeLogSlot()) return;
    await ctx.sendNotification("notifications/message", {
      level,
      ...(logger === undefined ? {} : { logger }),
      data,
    });
  }

  /**
   * Logs to this session's client outside any request (session era only; stateless clients receive
   * logs only on the requests that asked for them).
   */
  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    if (!this.host.logging || this.announcedElsewhere || !this.ready || !hasCapability(this.caps, "logging"))
      return;
    const threshold = this.logLevel ?? this.host.logging.defaultLevel;
    if (!passes(level, threshold) || !this.takeLogSlot()) return;
    await this.connection.notify("notifications/message", {
      level,
      ...(logger === undefined ? {} : { logger }),
      data,
    });
  }

  /**
   * Tells the client that a URL-mode elicitation has finished out of band (the user completed the
   * flow in the browser): `notifications/elicitation/complete`. Only 2025-11-25 sessions have it;
   * elsewhere it throws `LocalError("method_unavailable")` and sends nothing.
   *
   * @example
   * ```ts
   * declare const ctx: ServerContext;
   * declare function onSignedIn(elicitationId: string, then: () => void): void;
   * // In a tool: hand the user a URL, then report back when your web app saw the flow finish.
   * const elicitationId = crypto.randomUUID();
   * await ctx.elicit({ mode: "url", message: "Sign in to Acme", url: `https://acme.example/auth?e=${elicitationId}`, elicitationId });
   * onSignedIn(elicitationId, () => ctx.session.elicitationComplete(elicitationId));
   * ```
   */
  async elicitationComplete(elicitationId: string): Promise<void> {
    const method = "notifications/elicitation/complete";
    const revision = this.revision;
    if (!this.ready || revision === undefined || !methodInfo(revision, method)) {
      throw new LocalError(
        "method_unavailable",
        `${method} needs a 2025-11-25 session (this client speaks ${revision ?? "nothing yet"})`,
      );
    }
    await this.connection.notify(method, { elicitationId });
  }

  /** Announces a list change: a `list_changed` notification (session era) or listen-stream event (stateless). */
  listChanged(kind: ListKind): void {
    const method = `notifications/${kind}/list_changed`;
    if (this.announcedElsewhere) return;
    if (this.ready) {
      if (hasCapability(this.caps, `${kind}.listChanged`)) this.send(method, {});
      return;
    }
    const flag = `${kind}ListChanged` as const;
    for (const [id, listener] of this.listenStreams ?? []) {
      if (listener.filter[flag]) this.send(method, { _meta: { [subscriptionIdKey]: id } }, id);
    }
  }

  /** Announces that a resource changed, to this session if it subscribed. */
  resourceUpdated(uri: string): void {
    if (this.announcedElsewhere) return;
    if (this.ready) {
      this.isSubscribed(uri).then(
        (subscribed) => {
          if (subscribed) this.send("notifications/resources/updated", { uri });
        },
        (error: unknown) => this.report(error),
      );
      return;
    }
    for (const [id, listener] of this.listenStreams ?? []) {
      if (listener.filter.resourceSubscriptions?.includes(uri)) {
        this.send("notifications/resources/updated", { uri, _meta: { [subscriptionIdKey]: id } }, id);
      }
    }
  }

  /** Registers a listen stream until `signal` aborts or the session ends it gracefully. */
  listen(id: RequestId, filter: SubscriptionFilter, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        this.listenStreams?.delete(id);
        signal.removeEventListener("abort", end);
        resolve();
      };
      this.listenStreams ??= new Map();
      this.listenStreams.set(id, { filter, end });
      signal.addEventListener("abort", end, { once: true });
    });
  }

  /** Open listen streams (stateless era). */
  get listenerCount(): number {
    return this.listenStreams?.size ?? 0;
  }

  private send(method: string, params: Params, relatedRequestId?: RequestId): void {
    const options = relatedRequestId === undefined ? {} : { relatedRequestId };
    this.connection.notify(method, params, options).catch((error: unknown) => this.report(error));
  }

  private report(error: unknown): void {
    this.host.report(error instanceof Error ? error : new Error(String(error)));
  }

  /** Ends listen streams gracefully (each gets its result), then closes the connection. */
  async close(): Promise<void> {
    if (this.listenStreams !== undefined && this.listenStreams.size > 0) {
      for (const listener of [...this.listenStreams.values()]) listener.end();
      // Let the listen results reach the transport before it closes.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await this.connection.close();
  }
}
