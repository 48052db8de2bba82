import {
  ErrorCode,
  type HandlerLookup,
  type JsonObject,
  McpError,
  type NotificationHandler,
  type Params,
  type RequestContext,
  type RequestHandler,
  traceContextOf,
  truncateEcho,
} from "@mcpkit/core";
import { createServerContext } from "./context.js";
import { runWithInput } from "./input.js";
import { runChain } from "./middleware.js";
import type { ServerEraHooks } from "./server-era.js";
import type { ServerSession, SessionHost } from "./session.js";

/**
 * What one session's connection and era call back into: the server's handler table (shared by
 * every session, looked up per message rather than copied into each connection), the middleware
 * around each request, and the end of the session. One small object per session instead of a
 * closure per method.
 */
export class SessionHooks implements HandlerLookup, ServerEraHooks {
  constructor(
    private readonly session: ServerSession,
    private readonly host: SessionHost,
  ) {}

  requestHandler(method: string): RequestHandler | undefined {
    return this.host.requestHandlers.has(method) ? this.serveRequest : undefined;
  }

  notificationHandler(method: string): NotificationHandler | undefined {
    return this.host.notificationHandlers.has(method) ? this.serveNotification : undefined;
  }

  extensionMethod(method: string): boolean {
    return this.host.extensionMethods.has(method);
  }

  /** Runs the middleware chain around a request (built-ins included), then the request itself. */
  around(params: Params, ctx: RequestContext, next: RequestHandler): JsonObject | Promise<JsonObject> {
    const telemetry = this.host.telemetry;
    if (!telemetry) return this.chain(params, ctx, next);
    // A SERVER span, child of the trace context the request carries in `_meta`.
    const meta = params._meta as Readonly<Record<string, unknown>> | undefined;
    const request = { method: ctx.method, params, requestId: ctx.requestId, revision: ctx.revision };
    const span = telemetry.server(request, traceContextOf(meta), "@mcpkit/server");
    // No tracer provider (the API's no-op spans): the answer stays as fast as without telemetry.
    if (!span.recording) return this.chain(params, ctx, next);
    return telemetry.traced(span, () => this.chain(params, ctx, next));
  }

  private chain(params: Params, ctx: RequestContext, next: RequestHandler): JsonObject | Promise<JsonObject> {
    // No middleware: the handler's own answer, at once when it has one.
    if (this.host.middleware.length === 0) return next(params, ctx);
    const run = async () => (await next(params, ctx)) as JsonObject;
    return runChain(
      this.host.middleware,
      {
        method: ctx.method,
        params,
        requestId: ctx.requestId,
        revision: ctx.revision,
        era: ctx.era,
        signal: ctx.signal,
        client: { info: ctx.peer.info, capabilities: ctx.peer.capabilities },
        transport: ctx.context,
        auth: ctx.context.authInfo,
        session: this.session,
      },
      run,
    );
  }

  /** The session's connection closed: its subscriptions go, and the server forgets it. */
  closed(): void {
    const { host, session } = this;
    host.ended(session);
    // Closed only here: the session goes on in another process of the fleet, with its subscriptions.
    if (session.handedOff) return;
    host.subscriptions.clear(session.id).catch((error: unknown) => {
      host.report(error instanceof Error ? error : new Error(String(error)));
    });
  }

  // One handler per kind serves every method of the table: `ctx.method` says which.
  private readonly serveRequest: RequestHandler = (params, ctx) => {
    const handler = this.host.requestHandlers.get(ctx.method);
    if (!handler) {
      throw new McpError(ErrorCode.MethodNotFound, "Method not found", { method: truncateEcho(ctx.method) });
    }
    return runWithInput(ctx, (ask) =>
      handler(params, createServerContext(this.session, params, ctx, ask, this.host.toJsonSchema)),
    );
  };

  private readonly serveNotification: NotificationHandler = (params, ctx) => {
    const handler = this.host.notificationHandlers.get(ctx.method);
    return handler?.(params, { method: ctx.method, revision: ctx.revision, session: this.session });
  };
}
