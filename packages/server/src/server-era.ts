import {
  AdaptiveServerEra,
  capabilitiesForRevision,
  type AdaptiveServerOptions,
  type Admission,
  type Capabilities,
  type EraHost,
  type EraStrategy,
  type JsonObject,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type NotificationHandler,
  type Outbound,
  type Params,
  type RequestContext,
  type RequestHandler,
  type ResumedSession,
} from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";

/** What a server era calls back into: its session. */
export interface ServerEraHooks {
  /** Runs around every inbound request (the middleware chain). */
  around(params: Params, ctx: RequestContext, next: RequestHandler): JsonObject | Promise<JsonObject>;
  /** The connection closed. */
  closed(): void;
}

/**
 * The capabilities a revision can carry: only the members its `ServerCapabilities` defines (from
 * the schema's facts), so a client is never sent a field its revision does not have (no
 * `completions` at 2024-11-05, no `tasks` before 2025-11-25 or at 2026-07-28,
 * nothing of one's own making; `extensions` rides in every revision, as SEP-2133
 * negotiates it at `initialize` too). Core's eras apply it to what they announce.
 *
 * @example
 * ```ts
 * capabilitiesFor("2024-11-05", { tools: {}, completions: {} }); // { tools: {} }
 * ```
 */
export function capabilitiesFor(revision: Revision, capabilities: Capabilities): Capabilities {
  return capabilitiesForRevision(revision, "server", capabilities);
}

/**
 * The server's era for one connection: core's {@link AdaptiveServerEra} (the first decisive request
 * picks the session or the stateless era), with the middleware chain around every inbound request,
 * built-ins included.
 */
export class ServerEra implements EraStrategy {
  readonly role = "server" as const;
  readonly inner: AdaptiveServerEra;

  constructor(
    options: AdaptiveServerOptions,
    private readonly hooks: ServerEraHooks,
  ) {
    this.inner = new AdaptiveServerEra(options);
  }

  get era() {
    return this.inner.era;
  }
  get revision() {
    return this.inner.revision;
  }
  bind(host: EraHost): void {
    this.inner.bind(host);
  }
  resume(session: ResumedSession): void {
    this.inner.resume(session);
  }
  acceptsBatches(): boolean {
    return this.inner.acceptsBatches();
  }
  admitRequest(request: JsonRpcRequest): Admission {
    return this.inner.admitRequest(request);
  }
  admitNotification(notification: JsonRpcNotification): Admission {
    return this.inner.admitNotification(notification);
  }
  prepareRequest(method: string, params: Params | undefined): Outbound {
    return this.inner.prepareRequest(method, params);
  }
  prepareNotification(method: string, params: Params | undefined): Outbound {
    return this.inner.prepareNotification(method, params);
  }
  ownCapabilities(): Capabilities | undefined {
    return this.inner.ownCapabilities();
  }
  peerCapabilities(): Capabilities | undefined {
    return this.inner.peerCapabilities();
  }
  builtinRequestHandler(method: string): RequestHandler | undefined {
    // Core's eras already announce only the members the revision defines (initialize, discover).
    return this.inner.builtinRequestHandler(method);
  }
  builtinNotificationHandler(method: string): NotificationHandler | undefined {
    return this.inner.builtinNotificationHandler(method);
  }
  handle(params: Params, ctx: RequestContext, next: RequestHandler): JsonObject | Promise<JsonObject> {
    return this.inner.handle(params, ctx, (p, c) => this.hooks.around(p, c, next));
  }
  completeResult(method: string, result: JsonObject): JsonObject {
    return this.inner.completeResult(method, result);
  }
  closed(): void {
    this.inner.closed();
    this.hooks.closed();
  }
}
