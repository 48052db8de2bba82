import type { Revision } from "@mcpkit/schema";
import { LocalError, McpError } from "../errors.js";
import { ErrorCode } from "../jsonrpc/codes.js";
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
import { capabilitiesForRevision } from "./capabilities.js";
import type { Admission, Capabilities, EraHost, EraStrategy, ImplementationInfo, Outbound } from "./era.js";
import { MetaKey } from "./envelope.js";
import { isObject, noPeer, peerFrom } from "./lifecycle.js";
import { checkRevisions, newestOf, statelessRevisions } from "./negotiation.js";

/** Options of a {@link StatelessClientEra}. */
export interface StatelessClientOptions {
  /** Sent in every request's envelope (`io.modelcontextprotocol/clientInfo`); recommended. */
  readonly clientInfo?: ImplementationInfo;
  /** Sent in every request's envelope (`io.modelcontextprotocol/clientCapabilities`). Default `{}`. */
  readonly capabilities?: Capabilities;
  /** The stateless revision to speak. Default: the newest. */
  readonly revision?: Revision;
}

/** What `server/discover` said. */
export interface DiscoverOutcome {
  readonly revision: Revision;
  readonly supportedVersions: readonly string[];
  readonly serverCapabilities: Capabilities;
  readonly serverInfo: Readonly<Record<string, unknown>> | undefined;
  readonly instructions: string | undefined;
  /** The result's `ttlMs` as the server sent it; undefined when it sent none (or not a number). */
  readonly ttlMs: number | undefined;
  /** The result's `cacheScope` as the server sent it; undefined when it sent none (or neither value). */
  readonly cacheScope: "public" | "private" | undefined;
}

/**
 * The stateless era, client side (2026-07-28): adds the `_meta` envelope (protocol version, client
 * capabilities, client info) to every request, defaults a missing `resultType` to `"complete"`,
 * and learns the server's capabilities from {@link StatelessClientEra.discover} (after which
 * requests for undeclared features fail locally with `LocalError("capability_missing")`).
 *
 * @example
 * ```ts
 * const era = new StatelessClientEra({ clientInfo: { name: "app", version: "1.0.0" }, capabilities: { elicitation: {} } });
 * const connection = new Connection({ era });
 * await connection.connect(transport);
 * const { serverCapabilities } = await era.discover();
 * ```
 */
export class StatelessClientEra implements EraStrategy {
  readonly era = "stateless" as const;
  readonly role = "client" as const;
  readonly revision: Revision;
  private host: EraHost | undefined;
  private server: PeerInfo = noPeer;
  /** The capabilities every envelope carries: the members this revision defines, worked out once. */
  private readonly announced: Capabilities;

  constructor(private readonly options: StatelessClientOptions = {}) {
    this.revision = options.revision ?? newestOf(statelessRevisions);
    checkRevisions([this.revision], "stateless");
    this.announced = capabilitiesForRevision(this.revision, "client", options.capabilities ?? {});
  }

  bind(host: EraHost): void {
    if (this.host) throw new LocalError("invalid_message", "an era instance serves exactly one connection");
    this.host = host;
  }

  /**
   * Sends `server/discover` and records the server's capabilities. Rejects with
   * `LocalError("version_rejected")` when the server does not list this client's revision (or
   * answers -32022); the connection stays open, so the caller may fall back to the session era.
   */
  async discover(options?: RequestOptions): Promise<DiscoverOutcome> {
    const host = this.host;
    if (!host) throw new LocalError("connection_closed", "the era is not bound to a connection");
    let result: JsonObject;
    try {
      result = await host.request("server/discover", {}, options);
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.UnsupportedProtocolVersion) {
        throw new LocalError(
          "version_rejected",
          `The server does not support protocol version ${this.revision}`,
          {
            cause: error,
          },
        );
      }
      throw error;
    }
    const supported = Array.isArray(result.supportedVersions)
      ? result.supportedVersions.filter((v): v is string => typeof v === "string")
      : [];
    if (!supported.includes(this.revision)) {
      throw new LocalError(
        "version_rejected",
        `The server supports ${supported.length > 0 ? supported.join(", ") : "no listed versions"}, not ${this.revision}`,
      );
    }
    const meta = isObject(result._meta) ? result._meta : {};
    this.server = peerFrom(result.capabilities, meta[MetaKey.serverInfo]);
    return {
      revision: this.revision,
      supportedVersions: supported,
      serverCapabilities: this.server.capabilities ?? {},
      serverInfo: this.server.info,
      instructions: typeof result.instructions === "string" ? result.instructions : undefined,
      ttlMs: typeof result.ttlMs === "number" ? result.ttlMs : undefined,
      cacheScope:
        result.cacheScope === "public" || result.cacheScope === "private" ? result.cacheScope : undefined,
    };
  }

  acceptsBatches(): boolean {
    return false;
  }

  admitRequest(_request: JsonRpcRequest): Admission {
    // The method table refuses them: a stateless server never sends requests.
    return { ok: true, revision: this.revision, peer: this.server };
  }

  admitNotification(_notification: JsonRpcNotification): Admission {
    return { ok: true, revision: this.revision, peer: this.server };
  }

  prepareRequest(_method: string, params: Params | undefined): Outbound {
    const { clientInfo } = this.options;
    const meta = isObject(params?._meta) ? params._meta : {};
    // Object.assign rather than spreads with added keys, which are slow on Node 20 (docs/performance.md).
    const envelope: Record<string, unknown> = Object.assign({}, meta, {
      [MetaKey.protocolVersion]: this.revision,
      [MetaKey.clientCapabilities]: this.announced,
    });
    if (clientInfo !== undefined) envelope[MetaKey.clientInfo] = clientInfo;
    return { revision: this.revision, params: Object.assign({}, params, { _meta: envelope }) };
  }

  prepareNotification(_method: string, params: Params | undefined): Outbound {
    return { revision: this.revision, params };
  }

  ownCapabilities(): Capabilities {
    return this.options.capabilities ?? {};
  }

  peerCapabilities(): Capabilities | undefined {
    return this.server.capabilities;
  }

  builtinRequestHandler(_method: string): RequestHandler | undefined {
    return undefined;
  }

  builtinNotificationHandler(_method: string): NotificationHandler | undefined {
    return undefined;
  }

  handle(params: Params, ctx: RequestContext, next: RequestHandler): JsonObject | Promise<JsonObject> {
    return next(params, ctx);
  }

  /** A peer that leaves `resultType` out (an older server) means a complete result. */
  completeResult(_method: string, result: JsonObject): JsonObject {
    return result.resultType === undefined ? Object.assign({}, result, { resultType: "complete" }) : result;
  }

  closed(): void {}
}
