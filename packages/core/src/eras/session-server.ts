import type { Revision } from "@mcpkit/schema";
import type { JsonRpcNotification, JsonRpcRequest } from "../jsonrpc/types.js";
import type {
  JsonObject,
  NotificationHandler,
  Params,
  PeerInfo,
  RequestContext,
  RequestHandler,
} from "../engine/types.js";
import { capabilitiesForRevision } from "./capabilities.js";
import type { Admission, Capabilities, EraHost, EraStrategy, ImplementationInfo, Outbound } from "./era.js";
import {
  alwaysAllowed,
  answerPing,
  noPeer,
  notInitializedAnswer,
  notInitializedLocal,
  peerFrom,
} from "./lifecycle.js";
import {
  checkRevisions,
  negotiateRevision,
  newestOf,
  revisionAllowsBatches,
  sessionRevisions,
} from "./negotiation.js";
import { LocalError, McpError } from "../errors.js";
import { ErrorCode } from "../jsonrpc/codes.js";

/** Options of a {@link SessionServerEra}. */
export interface SessionServerOptions {
  readonly serverInfo: ImplementationInfo;
  /** What the server offers; inbound requests for undeclared features get -32601. Default `{}`. */
  readonly capabilities?: Capabilities;
  /** Sent in the `InitializeResult`. */
  readonly instructions?: string;
  /** The session revisions this server speaks. Default: all of them. */
  readonly revisions?: readonly Revision[];
  /** Called when the client's `notifications/initialized` arrives. */
  readonly onInitialized?: (session: ClientSession) => void;
}

/** What a session-era server learned from `initialize`. */
export interface ClientSession {
  readonly revision: Revision;
  readonly clientCapabilities: Capabilities;
  readonly clientInfo: Readonly<Record<string, unknown>> | undefined;
}

/**
 * A session-era session continued from elsewhere (another process of a fleet, or a stateless
 * endpoint's request): what its `initialize` settled, so the engine starts in that state.
 */
export interface ResumedSession extends Omit<ClientSession, "clientCapabilities"> {
  /**
   * The client's capabilities from `initialize`; absent when unknown (a request of a sessionless
   * endpoint), so outbound requests are not gated by them and the transport decides.
   */
  readonly clientCapabilities?: Capabilities;
  /** Whether the client's `notifications/initialized` has arrived (server requests may flow). */
  readonly initialized: boolean;
  /** The level the client set with `logging/setLevel`, for the server's logging (absent: never set). */
  readonly logLevel?: string;
}

/**
 * The session era, server side (revisions 2024-11-05 … 2025-11-25): answers `initialize` (echoing
 * the requested revision when supported, else its newest), refuses everything but `ping` before it,
 * answers `ping`, tracks `notifications/initialized`, and declares the server's capabilities.
 *
 * Before `initialize`, a request other than `ping` is answered `-32600` ("Invalid Request: … before
 * initialization"); a second `initialize` is answered `-32600` too.
 *
 * @example
 * ```ts
 * const era = new SessionServerEra({
 *   serverInfo: { name: "weather", version: "1.0.0" },
 *   capabilities: { tools: {} },
 *   onInitialized: (session) => console.log("client speaks", session.revision),
 * });
 * const connection = new Connection({ era });
 * ```
 */
export class SessionServerEra implements EraStrategy {
  readonly era = "session" as const;
  readonly role = "server" as const;
  private readonly supported: readonly Revision[];
  private phase: "awaiting" | "initializing" | "ready" = "awaiting";
  private negotiated: Revision | undefined;
  private client: PeerInfo = noPeer;

  constructor(private readonly options: SessionServerOptions) {
    this.supported = checkRevisions(options.revisions ?? sessionRevisions, "session");
  }

  private bound = false;

  bind(_host: EraHost): void {
    if (this.bound) throw new LocalError("invalid_message", "an era instance serves exactly one connection");
    this.bound = true;
  }

  get revision(): Revision | undefined {
    return this.negotiated;
  }

  /** The client's session once `initialize` was answered. */
  get session(): ClientSession | undefined {
    if (!this.negotiated) return undefined;
    return {
      revision: this.negotiated,
      clientCapabilities: this.client.capabilities ?? {},
      clientInfo: this.client.info,
    };
  }

  /** `awaiting` initialize, `initializing` (answered, waiting for `notifications/initialized`), or `ready`. */
  get state(): "awaiting" | "initializing" | "ready" {
    return this.phase;
  }

  /**
   * Continues a session whose `initialize` was answered elsewhere (see {@link ResumedSession}):
   * no `initialize` is expected (a second one is refused as usual). Throws
   * `LocalError("version_rejected")` for a revision this server does not speak, and
   * `LocalError("invalid_message")` once a message was handled.
   */
  resume(session: ResumedSession): void {
    if (this.phase !== "awaiting") {
      throw new LocalError("invalid_message", "only a session that has not started can be resumed");
    }
    if (!this.supported.includes(session.revision)) {
      throw new LocalError("version_rejected", `this server does not speak revision ${session.revision}`);
    }
    this.negotiated = session.revision;
    this.client = peerFrom(session.clientCapabilities, session.clientInfo);
    this.phase = session.initialized ? "ready" : "initializing";
  }

  acceptsBatches(): boolean {
    return revisionAllowsBatches(this.negotiated);
  }

  admitRequest(request: JsonRpcRequest): Admission {
    if (request.method === "initialize") {
      if (this.phase !== "awaiting") {
        return {
          ok: false,
          error: new McpError(
            ErrorCode.InvalidRequest,
            "Invalid Request: the session is already initialized",
          ),
        };
      }
      const params = request.params ?? {};
      const revision = negotiateRevision(params.protocolVersion, this.supported);
      return { ok: true, revision, peer: peerFrom(params.capabilities, params.clientInfo) };
    }
    if (this.negotiated) return { ok: true, revision: this.negotiated, peer: this.client };
    if (alwaysAllowed.has(request.method))
      return { ok: true, revision: newestOf(this.supported), peer: noPeer };
    return { ok: false, error: notInitializedAnswer(request.method) };
  }

  admitNotification(notification: JsonRpcNotification): Admission {
    if (this.negotiated) return { ok: true, revision: this.negotiated, peer: this.client };
    if (alwaysAllowed.has(notification.method))
      return { ok: true, revision: newestOf(this.supported), peer: noPeer };
    return { ok: false, error: notInitializedAnswer(notification.method) };
  }

  prepareRequest(method: string, params: Params | undefined): Outbound {
    if (method === "ping") return { revision: this.negotiated ?? newestOf(this.supported), params };
    // The client must have confirmed with notifications/initialized before the server asks it anything.
    if (this.phase !== "ready" || !this.negotiated) {
      throw notInitializedLocal(method, "the client has sent notifications/initialized");
    }
    return { revision: this.negotiated, params };
  }

  prepareNotification(method: string, params: Params | undefined): Outbound {
    if (this.negotiated) return { revision: this.negotiated, params };
    if (alwaysAllowed.has(method)) return { revision: newestOf(this.supported), params };
    throw notInitializedLocal(method, "initialize has been answered");
  }

  ownCapabilities(): Capabilities {
    return this.options.capabilities ?? {};
  }

  peerCapabilities(): Capabilities | undefined {
    return this.client.capabilities;
  }

  builtinRequestHandler(method: string): RequestHandler | undefined {
    if (method === "initialize") return (params) => this.answerInitialize(params);
    if (method === "ping") return answerPing;
    return undefined;
  }

  builtinNotificationHandler(method: string): NotificationHandler | undefined {
    if (method !== "notifications/initialized") return undefined;
    return () => {
      if (this.phase !== "initializing") return;
      this.phase = "ready";
      const session = this.session;
      if (session) this.options.onInitialized?.(session);
    };
  }

  handle(params: Params, ctx: RequestContext, next: RequestHandler): JsonObject | Promise<JsonObject> {
    return next(params, ctx);
  }

  completeResult(_method: string, result: JsonObject): JsonObject {
    return result;
  }

  closed(): void {}

  /** Negotiates and records the session; the answer is the `InitializeResult`. */
  private answerInitialize(params: Params): JsonObject {
    const revision = negotiateRevision(params.protocolVersion, this.supported);
    this.negotiated = revision;
    this.phase = "initializing";
    this.client = peerFrom(params.capabilities, params.clientInfo);
    const { instructions } = this.options;
    return {
      protocolVersion: revision,
      // Only the members the negotiated revision defines.
      capabilities: capabilitiesForRevision(revision, "server", this.ownCapabilities()),
      serverInfo: this.options.serverInfo,
      ...(instructions === undefined ? {} : { instructions }),
    };
  }
}
