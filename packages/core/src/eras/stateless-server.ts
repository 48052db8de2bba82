import { isRevision, methodInfo, type Revision } from "@mcpkit/schema";
import { truncateEcho } from "../echo.js";
import { LocalError, McpError } from "../errors.js";
import { ErrorCode } from "../jsonrpc/codes.js";
import type { JsonRpcNotification, JsonRpcRequest } from "../jsonrpc/types.js";
import type {
  JsonObject,
  NotificationHandler,
  Params,
  InputRound,
  RequestContext,
  RequestHandler,
} from "../engine/types.js";
import { RequestStateSealer, type RequestStateSealerOptions } from "../input-required/seal.js";
import { checkInputRequests, openRound } from "../input-required/server-round.js";
import { capabilitiesForRevision } from "./capabilities.js";
import type { Admission, Capabilities, EraHost, EraStrategy, ImplementationInfo, Outbound } from "./era.js";
import { MetaKey, readEnvelope } from "./envelope.js";
import { isObject, noPeer, peerFrom } from "./lifecycle.js";
import { checkRevisions, newestOf, statelessRevisions } from "./negotiation.js";

/** Options of a {@link StatelessServerEra}. */
export interface StatelessServerOptions {
  readonly serverInfo: ImplementationInfo;
  /** What the server offers; requests for undeclared features get -32601. Default `{}`. */
  readonly capabilities?: Capabilities;
  /** Returned by `server/discover`. */
  readonly instructions?: string;
  /** The stateless revisions served. Default: all of them. */
  readonly revisions?: readonly Revision[];
  /**
   * The versions listed by `server/discover` and in -32022 errors. Default: `revisions`, newest first. A server
   * that also speaks the session era lists those revisions too, so clients know to fall back.
   */
  readonly supportedVersions?: readonly string[];
  /** How `requestState` is sealed across input-required rounds (share `secret` across a server fleet). */
  readonly requestState?: RequestStateSealerOptions;
  /** Cache hints of the `server/discover` result. Default `{ ttlMs: 60000, cacheScope: "public" }`. */
  readonly discoverCache?: { readonly ttlMs: number; readonly cacheScope: "public" | "private" };
}

/**
 * The stateless era, server side (2026-07-28): checks each request's `_meta` envelope (an
 * unsupported version gets -32022 with `data: { supported, requested }`; a missing one fails
 * validation with -32602), answers `server/discover`, fills in `resultType` and the server info of
 * every result, and runs input-required rounds: handlers of `tools/call`, `prompts/get` and
 * `resources/read` get `ctx.input` to read the retry's `inputResponses` and unsealed state, and to
 * build an `input_required` result whose `requestState` is sealed with HMAC-SHA-256. A tampered or
 * expired `requestState` gets -32602; input the client did not declare it can give gets -32021.
 *
 * @example
 * ```ts
 * declare const sharedSecret: string;
 * declare const elicitConfirm: { method: "elicitation/create"; params: JsonObject };
 * const era = new StatelessServerEra({
 *   serverInfo: { name: "deployer", version: "1.0.0" },
 *   capabilities: { tools: {} },
 *   requestState: { secret: sharedSecret },
 * });
 * const connection = new Connection({ era });
 * connection.setRequestHandler("tools/call", async (params, ctx) => {
 *   const answer = ctx.input?.responses?.confirm;
 *   if (!answer) return ctx.input!.inputRequired({ confirm: elicitConfirm }, { step: 1 });
 *   return { content: [{ type: "text", text: "deployed" }] };
 * });
 * ```
 */
export class StatelessServerEra implements EraStrategy {
  readonly era = "stateless" as const;
  readonly role = "server" as const;
  private readonly served: readonly Revision[];
  private readonly supportedVersions: readonly string[];
  private readonly sealer: RequestStateSealer;
  private bound = false;

  constructor(private readonly options: StatelessServerOptions) {
    this.served = checkRevisions(options.revisions ?? statelessRevisions, "stateless");
    this.supportedVersions = options.supportedVersions ?? [...this.served].reverse();
    this.sealer = new RequestStateSealer(options.requestState);
  }

  bind(_host: EraHost): void {
    if (this.bound) throw new LocalError("invalid_message", "an era instance serves exactly one connection");
    this.bound = true;
  }

  /** The newest served revision (each request names its own). */
  get revision(): Revision {
    return newestOf(this.served);
  }

  acceptsBatches(): boolean {
    return false;
  }

  admitRequest(request: JsonRpcRequest): Admission {
    const envelope = readEnvelope(request.params);
    const requested = envelope.protocolVersion;
    if (typeof requested === "string" && !(isRevision(requested) && this.served.includes(requested))) {
      return {
        ok: false,
        error: new McpError(ErrorCode.UnsupportedProtocolVersion, "Unsupported protocol version", {
          supported: this.supportedVersions,
          requested: truncateEcho(requested),
        }),
      };
    }
    // No (or a malformed) version: validation against the newest revision reports what is missing.
    const revision = typeof requested === "string" && isRevision(requested) ? requested : this.revision;
    return { ok: true, revision, peer: peerFrom(envelope.clientCapabilities, envelope.clientInfo) };
  }

  admitNotification(_notification: JsonRpcNotification): Admission {
    return { ok: true, revision: this.revision, peer: noPeer };
  }

  prepareRequest(method: string, _params: Params | undefined): Outbound {
    throw new LocalError(
      "method_unavailable",
      `a stateless-era server sends no requests (${method}): return an input_required result instead`,
    );
  }

  prepareNotification(_method: string, params: Params | undefined): Outbound {
    return { revision: this.revision, params };
  }

  ownCapabilities(): Capabilities {
    return this.options.capabilities ?? {};
  }

  peerCapabilities(): Capabilities | undefined {
    return undefined;
  }

  builtinRequestHandler(method: string): RequestHandler | undefined {
    return method === "server/discover" ? () => this.discoverResult() : undefined;
  }

  builtinNotificationHandler(_method: string): NotificationHandler | undefined {
    return undefined;
  }

  async handle(params: Params, ctx: RequestContext, next: RequestHandler): Promise<JsonObject> {
    const rounds = methodInfo(ctx.revision, ctx.method)?.results.includes("InputRequiredResult") ?? false;
    const input = rounds ? await openRound(this.sealer, ctx.method, params) : undefined;
    const result = await next(params, input ? withInput(ctx, input) : ctx);
    if (isObject(result) && result.resultType === "input_required") {
      if (!rounds) throw new TypeError(`${ctx.method} cannot answer input_required`);
      checkInputRequests(ctx.revision, result, ctx.peer.capabilities);
    }
    return isObject(result) ? this.complete(result) : result;
  }

  completeResult(_method: string, result: JsonObject): JsonObject {
    return result;
  }

  closed(): void {}

  /** Every result says what it is and who answered. */
  private complete(result: JsonObject): JsonObject {
    const meta = isObject(result._meta) ? result._meta : {};
    // Object.assign rather than a spread with added keys, which is slow on Node 20 (docs/performance.md).
    return Object.assign({}, result, {
      resultType: result.resultType ?? "complete",
      _meta: { [MetaKey.serverInfo]: this.options.serverInfo, ...meta },
    });
  }

  private discoverResult(): JsonObject {
    const { instructions, discoverCache } = this.options;
    return {
      supportedVersions: this.supportedVersions,
      capabilities: capabilitiesForRevision(this.revision, "server", this.ownCapabilities()),
      ...(instructions === undefined ? {} : { instructions }),
      ttlMs: discoverCache?.ttlMs ?? 60_000,
      cacheScope: discoverCache?.cacheScope ?? "public",
    };
  }
}

/**
 * The handler's context with this round's input. `signal` and the methods may be getters on the
 * context's class, which a spread does not copy: they are carried over explicitly.
 */
function withInput(ctx: RequestContext, input: InputRound): RequestContext {
  return {
    ...ctx,
    signal: ctx.signal,
    sendProgress: ctx.sendProgress,
    sendNotification: ctx.sendNotification,
    sendRequest: ctx.sendRequest,
    input,
  };
}
