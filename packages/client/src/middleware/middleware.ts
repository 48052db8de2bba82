import type {
  Connection,
  JsonObject,
  NotificationContext,
  NotificationHandler,
  Params,
  RequestContext,
  RequestHandler,
} from "@mcpkit/core";
import type { Era, Revision } from "@mcpkit/schema";
import type { CallOptions } from "../features/calls.js";

/** An outgoing request as client middleware sees it; pass a changed copy to `next` to change it. */
export interface OutgoingRequest {
  readonly method: string;
  readonly params: Params;
  /** The call's options: `headers` (HTTP), `signal`, timeouts, `retry`, ... */
  readonly options: CallOptions;
  readonly era: Era;
  readonly revision: Revision;
}

/**
 * Runs around every request the client sends through its methods (`callTool`, `listTools`,
 * `request`, ...; not the `initialize`/`server/discover` handshake nor `listen` streams), outside
 * the healing (a request sent again after a reconnection passes once). Call `next()` to go on, or
 * `next(changed)` to send a changed request; return or throw to answer without it.
 */
export type OutgoingMiddleware = (
  request: OutgoingRequest,
  next: (request?: OutgoingRequest) => Promise<JsonObject>,
) => Promise<JsonObject>;

/** A message from the server as client middleware sees it. */
export type IncomingMessage =
  | {
      readonly kind: "request";
      readonly method: string;
      readonly params: Params;
      /** Aborted when the server cancels the request or the connection closes. */
      readonly signal: AbortSignal;
    }
  | { readonly kind: "notification"; readonly method: string; readonly params: Params };

/**
 * Runs around the client's handling of every request (`sampling/createMessage`, `roots/list`,
 * `elicitation/create`, ...) and notification (progress, logs, list changes, ...) the server
 * sends, as `server.use()` does on the server. `next()` resolves with the answer (undefined for a
 * notification); throw `McpError` to refuse a request.
 */
export type IncomingMiddleware = (
  message: IncomingMessage,
  next: () => Promise<JsonObject | undefined>,
) => Promise<JsonObject | undefined>;

/**
 * What `client.use()` takes: a function runs around outgoing requests; an object may also (or
 * only) run around incoming messages.
 *
 * @example
 * ```ts
 * client.use(async (request, next) => {
 *   const started = Date.now();
 *   try {
 *     return await next({ ...request, options: { ...request.options, headers: { "x-trace": "1" } } });
 *   } finally {
 *     console.error(`${request.method} took ${Date.now() - started} ms`);
 *   }
 * });
 * client.use({
 *   incoming: (message, next) => {
 *     console.error(`the server sent ${message.kind} ${message.method}`);
 *     return next();
 *   },
 * });
 * ```
 */
export type ClientMiddleware =
  | OutgoingMiddleware
  | { readonly outgoing?: OutgoingMiddleware; readonly incoming?: IncomingMiddleware };

/** The client's middleware, in the order added (the first added is the outermost). */
export class MiddlewareChain {
  private readonly outgoing: OutgoingMiddleware[] = [];
  private readonly incoming: IncomingMiddleware[] = [];

  add(middleware: ClientMiddleware): void {
    if (typeof middleware === "function") {
      this.outgoing.push(middleware);
      return;
    }
    if (middleware.outgoing) this.outgoing.push(middleware.outgoing);
    if (middleware.incoming) this.incoming.push(middleware.incoming);
  }

  /** Whether any outgoing middleware is installed (none: requests go straight on). */
  get wrapsOutgoing(): boolean {
    return this.outgoing.length > 0;
  }

  /** Sends `request` through the outgoing chain, `last` at its end. */
  send(
    request: OutgoingRequest,
    last: (request: OutgoingRequest) => Promise<JsonObject>,
  ): Promise<JsonObject> {
    const chain = this.outgoing;
    const step = (i: number, current: OutgoingRequest): Promise<JsonObject> => {
      const middleware = chain[i];
      if (!middleware) return last(current);
      let called = false;
      try {
        return Promise.resolve(
          middleware(current, (changed) => {
            if (called) return Promise.reject(new Error("next() called twice by one middleware"));
            called = true;
            return step(i + 1, changed ?? current);
          }),
        );
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return step(0, request);
  }

  /**
   * Wraps the handlers registered on `connection` from now on (the client's own, its
   * extensions') in the incoming chain. The chain is read at each message, so middleware added
   * after `connect()` applies too.
   */
  wrap(connection: Connection): void {
    const setRequest = connection.setRequestHandler.bind(connection);
    const setNotification = connection.setNotificationHandler.bind(connection);
    connection.setRequestHandler = (method: string, handler: RequestHandler) =>
      setRequest(method, (params: Params, ctx: RequestContext) => {
        if (this.incoming.length === 0) return handler(params, ctx);
        const message: IncomingMessage = { kind: "request", method, params, signal: ctx.signal };
        return this.receive(message, async () => handler(params, ctx)) as Promise<JsonObject>;
      });
    connection.setNotificationHandler = (method: string, handler: NotificationHandler) =>
      setNotification(method, (params: Params, ctx: NotificationContext) => {
        if (this.incoming.length === 0) return handler(params, ctx);
        const message: IncomingMessage = { kind: "notification", method, params };
        return this.receive(message, async () => {
          await handler(params, ctx);
          return undefined;
        }).then(() => {});
      });
  }

  private receive(
    message: IncomingMessage,
    last: () => Promise<JsonObject | undefined>,
  ): Promise<JsonObject | undefined> {
    const chain = this.incoming;
    const step = (i: number): Promise<JsonObject | undefined> => {
      const middleware = chain[i];
      if (!middleware) return last();
      let called = false;
      try {
        return Promise.resolve(
          middleware(message, () => {
            if (called) return Promise.reject(new Error("next() called twice by one middleware"));
            called = true;
            return step(i + 1);
          }),
        );
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return step(0);
  }
}
