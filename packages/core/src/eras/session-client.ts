import { isRevision, type Revision } from "@mcpkit/schema";
import { LocalError } from "../errors.js";
import type { JsonRpcNotification, JsonRpcRequest } from "../jsonrpc/types.js";
import type {
  JsonObject,
  NotificationHandler,
  Params,
  PeerInfo,
  RequestContext,
  RequestHandler,
  RequestOptions,
} from "../engine/types.js";
import { describeIssue, firstIssue } from "../engine/checks.js";
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
import { checkRevisions, newestOf, revisionAllowsBatches, sessionRevisions } from "./negotiation.js";

/** Options of a {@link SessionClientEra}. */
export interface SessionClientOptions {
  readonly clientInfo: ImplementationInfo;
  /** What the client offers (sampling, roots, elicitation, ...). Default `{}`. */
  readonly capabilities?: Capabilities;
  /** The session revisions this client accepts. Default: all of them. */
  readonly revisions?: readonly Revision[];
  /** The revision to ask for. Default: the newest of `revisions`. */
  readonly revision?: Revision;
}

/** What `initialize` established. */
export interface InitializeOutcome {
  readonly revision: Revision;
  readonly serverCapabilities: Capabilities;
  readonly serverInfo: Readonly<Record<string, unknown>>;
  readonly instructions: string | undefined;
}

/**
 * The session era, client side: `initialize` (version negotiation, capability exchange,
 * `notifications/initialized`) through {@link SessionClientEra.initialize}; before it completes,
 * sending anything but `ping` fails with `LocalError("not_initialized")`; answers `ping`.
 *
 * @example
 * ```ts
 * const era = new SessionClientEra({ clientInfo: { name: "app", version: "1.0.0" }, capabilities: { roots: {} } });
 * const connection = new Connection({ era });
 * await connection.connect(transport);
 * const { revision, serverCapabilities } = await era.initialize();
 * ```
 */
export class SessionClientEra implements EraStrategy {
  readonly era = "session" as const;
  readonly role = "client" as const;
  private readonly accepted: readonly Revision[];
  private readonly requested: Revision;
  private host: EraHost | undefined;
  private phase: "new" | "initializing" | "ready" | "failed" = "new";
  private negotiated: Revision | undefined;
  private server: PeerInfo = noPeer;

  constructor(private readonly options: SessionClientOptions) {
    this.accepted = checkRevisions(options.revisions ?? sessionRevisions, "session");
    this.requested = options.revision ?? newestOf(this.accepted);
    if (!this.accepted.includes(this.requested)) {
      throw new RangeError(`the requested revision ${this.requested} is not among the accepted revisions`);
    }
  }

  bind(host: EraHost): void {
    if (this.host) throw new LocalError("invalid_message", "an era instance serves exactly one connection");
    this.host = host;
  }

  get revision(): Revision | undefined {
    return this.negotiated;
  }

  /** `new`, `initializing`, `ready`, or `failed` (initialize was refused or rejected). */
  get state(): "new" | "initializing" | "ready" | "failed" {
    return this.phase;
  }

  /**
   * Opens the session: sends `initialize`, checks the server's revision (an unacceptable one closes
   * the connection and rejects with `LocalError("version_rejected")`), validates the answer, then
   * sends `notifications/initialized`. `initialize` is never cancelled on the wire: an aborted
   * `signal` or a timeout only stops the wait.
   */
  async initialize(options?: RequestOptions): Promise<InitializeOutcome> {
    const host = this.host;
    if (!host) throw new LocalError("connection_closed", "the era is not bound to a connection");
    if (this.phase !== "new")
      throw new LocalError("method_unavailable", "initialize was already sent on this connection");
    this.phase = "initializing";
    const params = {
      protocolVersion: this.requested,
      // The members the requested revision lacks are not sent (the server may answer an older one).
      capabilities: capabilitiesForRevision(this.requested, "client", this.options.capabilities ?? {}),
      clientInfo: this.options.clientInfo,
    };
    let result: JsonObject;
    try {
      result = await host.request("initialize", params, options);
    } catch (error) {
      this.phase = "failed";
      throw error;
    }
    const answered = result.protocolVersion;
    if (!isRevision(answered) || !this.accepted.includes(answered)) {
      return this.fail(
        "version_rejected",
        `The server chose protocol version ${JSON.stringify(answered)}, which this client does not accept ` +
          `(it accepts ${this.accepted.join(", ")}); the connection was closed`,
      );
    }
    const issue = firstIssue(answered, "InitializeResult", result);
    if (issue) {
      const { pointer, text } = describeIssue(issue);
      return this.fail(
        "invalid_message",
        `The InitializeResult does not match revision ${answered}: ${pointer} ${text}`,
      );
    }
    this.negotiated = answered;
    this.server = peerFrom(result.capabilities, result.serverInfo);
    await host.notify("notifications/initialized");
    this.phase = "ready";
    return {
      revision: answered,
      serverCapabilities: this.server.capabilities ?? {},
      serverInfo: this.server.info ?? {},
      instructions: typeof result.instructions === "string" ? result.instructions : undefined,
    };
  }

  acceptsBatches(): boolean {
    return revisionAllowsBatches(this.negotiated);
  }

  admitRequest(request: JsonRpcRequest): Admission {
    if (this.negotiated) return { ok: true, revision: this.negotiated, peer: this.server };
    if (alwaysAllowed.has(request.method)) return { ok: true, revision: this.requested, peer: noPeer };
    return { ok: false, error: notInitializedAnswer(request.method) };
  }

  admitNotification(notification: JsonRpcNotification): Admission {
    if (this.negotiated) return { ok: true, revision: this.negotiated, peer: this.server };
    if (alwaysAllowed.has(notification.method)) return { ok: true, revision: this.requested, peer: noPeer };
    return { ok: false, error: notInitializedAnswer(notification.method) };
  }

  prepareRequest(method: string, params: Params | undefined): Outbound {
    if (method === "initialize") {
      // Only initialize() sends it, so the era sees the answer.
      if (this.phase !== "initializing" || this.negotiated) {
        throw new LocalError(
          "method_unavailable",
          "initialize is sent by SessionClientEra.initialize(), once",
        );
      }
      return { revision: this.requested, params };
    }
    if (method === "ping") return { revision: this.negotiated ?? this.requested, params };
    if (this.phase !== "ready" || !this.negotiated)
      throw notInitializedLocal(method, "initialize has completed");
    return { revision: this.negotiated, params };
  }

  prepareNotification(method: string, params: Params | undefined): Outbound {
    if (alwaysAllowed.has(method)) return { revision: this.negotiated ?? this.requested, params };
    if (this.negotiated && (this.phase === "ready" || method === "notifications/initialized")) {
      return { revision: this.negotiated, params };
    }
    throw notInitializedLocal(method, "initialize has completed");
  }

  ownCapabilities(): Capabilities {
    return this.options.capabilities ?? {};
  }

  peerCapabilities(): Capabilities | undefined {
    return this.server.capabilities;
  }

  builtinRequestHandler(method: string): RequestHandler | undefined {
    return method === "ping" ? answerPing : undefined;
  }

  builtinNotificationHandler(_method: string): NotificationHandler | undefined {
    return undefined;
  }

  handle(params: Params, ctx: RequestContext, next: RequestHandler): JsonObject | Promise<JsonObject> {
    return next(params, ctx);
  }

  completeResult(_method: string, result: JsonObject): JsonObject {
    return result;
  }

  closed(): void {
    if (this.phase !== "ready") this.phase = "failed";
  }

  private async fail(code: "version_rejected" | "invalid_message", message: string): Promise<never> {
    this.phase = "failed";
    await this.host?.close();
    throw new LocalError(code, message);
  }
}
