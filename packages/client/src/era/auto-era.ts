import type { Era, Revision } from "@mcpkit/schema";
import type {
  Admission,
  Capabilities,
  EraHost,
  EraStrategy,
  JsonObject,
  JsonRpcNotification,
  JsonRpcRequest,
  NotificationHandler,
  Outbound,
  Params,
  RequestContext,
  RequestHandler,
  SessionClientEra,
  StatelessClientEra,
} from "@mcpkit/core";

/**
 * The client era for `mode: "auto"`: it starts as the stateless era (so the `server/discover`
 * probe carries the 2026 envelope) and falls back to the session era on the same connection when
 * the probe says the server is older. Both inner eras are bound to the same connection; only the
 * current one is consulted. Core has this for servers (`AdaptiveServerEra`), not for clients.
 */
export class AutoClientEra implements EraStrategy {
  readonly role = "client" as const;
  private current: EraStrategy;

  constructor(
    readonly stateless: StatelessClientEra,
    readonly session: SessionClientEra,
  ) {
    this.current = stateless;
  }

  /** Switches to the session era (after a probe that did not find a stateless server). */
  fallBack(): void {
    this.current = this.session;
  }

  get era(): Era {
    return this.current.era;
  }

  get revision(): Revision | undefined {
    return this.current.revision;
  }

  bind(host: EraHost): void {
    this.stateless.bind(host);
    this.session.bind(host);
  }

  acceptsBatches(): boolean {
    return this.current.acceptsBatches();
  }
  admitRequest(request: JsonRpcRequest): Admission {
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
    return this.current.handle(params, ctx, next);
  }
  completeResult(method: string, result: JsonObject): JsonObject {
    return this.current.completeResult(method, result);
  }
  closed(): void {
    this.stateless.closed();
    this.session.closed();
  }
}
