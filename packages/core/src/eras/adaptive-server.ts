import { revisions, type Era, type Revision } from "@mcpkit/schema";
import type { JsonRpcNotification, JsonRpcRequest } from "../jsonrpc/types.js";
import type {
  JsonObject,
  NotificationHandler,
  Params,
  RequestContext,
  RequestHandler,
} from "../engine/types.js";
import type { Admission, Capabilities, EraHost, EraStrategy, ImplementationInfo, Outbound } from "./era.js";
import { hasEnvelope } from "./envelope.js";
import { splitByEra } from "./era-split.js";
import { SessionServerEra, type ClientSession, type ResumedSession } from "./session-server.js";
import { LocalError } from "../errors.js";
import { StatelessServerEra, type StatelessServerOptions } from "./stateless-server.js";

/** Options of an {@link AdaptiveServerEra}. */
export interface AdaptiveServerOptions {
  readonly serverInfo: ImplementationInfo;
  readonly capabilities?: Capabilities;
  readonly instructions?: string;
  /** Every revision served, of either era. Default: all. */
  readonly revisions?: readonly Revision[];
  readonly requestState?: StatelessServerOptions["requestState"];
  readonly discoverCache?: StatelessServerOptions["discoverCache"];
  /** Session era: called when the client's `notifications/initialized` arrives. */
  readonly onInitialized?: (session: ClientSession) => void;
}

/**
 * A server era that serves clients of both eras on one connection: the first decisive request picks
 * the era for the rest of the connection. `initialize` picks the session era; a request carrying the
 * stateless envelope (or `server/discover`) picks the stateless era. Until then, `ping` is answered
 * and anything else gets the session era's "initialize first" answer (or, on a stateless-only
 * server, the stateless era's checks). -32022 errors and `server/discover` list every served
 * revision, so a modern client can tell that falling back to `initialize` would work.
 *
 * @example
 * ```ts
 * // One definition, any client: over stdio, the first message decides.
 * const connection = new Connection({ era: new AdaptiveServerEra({ serverInfo, capabilities: { tools: {} } }) });
 * ```
 */
export class AdaptiveServerEra implements EraStrategy {
  readonly role = "server" as const;
  private readonly session: SessionServerEra | undefined;
  /** The stateless revisions served, newest last; undefined when none are. */
  private readonly statelessServed: readonly Revision[] | undefined;
  private statelessEra: StatelessServerEra | undefined;
  private host: EraHost | undefined;
  private chosen: EraStrategy | undefined;

  constructor(private readonly options: AdaptiveServerOptions) {
    const split = splitByEra(options.revisions ?? revisions);
    // Option objects are built field by field: a spread would give every connection's object a
    // shape of its own.
    if (split.session) {
      this.session = new SessionServerEra({
        serverInfo: options.serverInfo,
        capabilities: options.capabilities,
        instructions: options.instructions,
        revisions: split.session,
        onInitialized: options.onInitialized,
      });
    }
    this.statelessServed = split.stateless;
    if (!this.session && !this.statelessServed) throw new RangeError("at least one revision must be served");
    // Made now when it will serve anyway, or when a given secret must be checked and copied now;
    // otherwise on the first stateless request (most connections of a dual-era server never make one).
    if (this.statelessServed && (!this.session || options.requestState?.secret !== undefined)) {
      this.statelessEra = this.makeStateless(this.statelessServed);
    }
  }

  /** The stateless era, made on first use; undefined when no stateless revision is served. */
  private get stateless(): StatelessServerEra | undefined {
    if (this.statelessEra === undefined && this.statelessServed) {
      const era = this.makeStateless(this.statelessServed);
      if (this.host) era.bind(this.host);
      this.statelessEra = era;
    }
    return this.statelessEra;
  }

  private makeStateless(served: readonly Revision[]): StatelessServerEra {
    const { options } = this;
    return new StatelessServerEra({
      serverInfo: options.serverInfo,
      capabilities: options.capabilities,
      instructions: options.instructions,
      revisions: served,
      supportedVersions: splitByEra(options.revisions ?? revisions).supportedVersions,
      requestState: options.requestState,
      discoverCache: options.discoverCache,
    });
  }

  /** The era chosen so far (the session era until a stateless request arrives, when both are served). */
  get era(): Era {
    return this.current.era;
  }

  /** Whether a decisive request has fixed the era yet. */
  get decided(): boolean {
    return this.chosen !== undefined;
  }

  /** The session era's state, when the session era serves this connection. */
  get sessionEra(): SessionServerEra | undefined {
    return this.session;
  }

  private get current(): EraStrategy {
    return this.chosen ?? this.session ?? (this.stateless as StatelessServerEra);
  }

  bind(host: EraHost): void {
    this.session?.bind(host);
    this.statelessEra?.bind(host);
    this.host = host;
  }

  get revision(): Revision | undefined {
    return this.chosen ? this.chosen.revision : this.session ? undefined : this.stateless?.revision;
  }

  /** Continues a session-era session (see `SessionServerEra.resume`): the session era serves. */
  resume(session: ResumedSession): void {
    if (!this.session) throw new LocalError("version_rejected", "this server serves no session-era revision");
    this.session.resume(session);
    this.chosen = this.session;
  }

  acceptsBatches(): boolean {
    return this.current.acceptsBatches();
  }

  admitRequest(request: JsonRpcRequest): Admission {
    if (!this.chosen) {
      if (request.method === "initialize" && this.session) this.chosen = this.session;
      else if (
        this.statelessServed &&
        (hasEnvelope(request.params) || request.method === "server/discover" || !this.session)
      ) {
        this.chosen = this.stateless;
      }
    }
    return this.current.admitRequest(request);
  }

  admitNotification(notification: JsonRpcNotification): Admission {
    return this.current.admitNotification(notification);
  }

  prepareRequest(method: string, params: Params | undefined): Outbound {
    return this.current.prepareRequest(method, params);
  }

  prepareNotification(method: string, params: Params | undefined): Outbound {
    return this.current.prepareNotification(method, params);
  }

  ownCapabilities(): Capabilities | undefined {
    return this.current.ownCapabilities();
  }

  peerCapabilities(): Capabilities | undefined {
    return this.current.peerCapabilities();
  }

  builtinRequestHandler(method: string): RequestHandler | undefined {
    return this.current.builtinRequestHandler(method);
  }

  builtinNotificationHandler(method: string): NotificationHandler | undefined {
    return this.current.builtinNotificationHandler(method);
  }

  handle(params: Params, ctx: RequestContext, next: RequestHandler): JsonObject | Promise<JsonObject> {
    // The era the request was admitted under handles it (ctx.era says which).
    const era = ctx.era === "stateless" ? this.stateless : this.session;
    return (era ?? this.current).handle(params, ctx, next);
  }

  completeResult(method: string, result: JsonObject): JsonObject {
    return this.current.completeResult(method, result);
  }

  closed(): void {
    this.session?.closed();
    this.statelessEra?.closed();
  }
}
