import { type MethodInfo, methodInfo, type Revision } from "@mcpkit/schema";
import { AuthenticationError } from "../auth.js";
import { truncateEcho } from "../echo.js";
import { LocalError, McpError } from "../errors.js";
import { ErrorCode } from "../jsonrpc/codes.js";
import type {
  JsonRpcErrorResponse,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  RequestId,
} from "../jsonrpc/types.js";
import type { MessageContext } from "../transport.js";
import type { Admission } from "../eras/era.js";
import {
  checkInbound,
  firstIssue,
  firstResultIssue,
  invalidOutboundError,
  invalidParamsError,
  methodNotFound,
} from "./checks.js";
import { authErrorToMcp, noteRefusal } from "./auth-refusal.js";
import { InflightTable } from "./inflight.js";
import { type ContextHost, HandlerContext } from "./request-context.js";
import { RunningRequest } from "./running-request.js";
import type {
  HandlerLookup,
  JsonObject,
  NotificationHandler,
  Params,
  Progress,
  RequestHandler,
} from "./types.js";

/** One request being run: what finishing it needs. */
interface Ran {
  readonly entry: RunningRequest;
  readonly ctx: HandlerContext;
  readonly revision: Admitted["revision"];
  readonly info: MethodInfo | undefined;
}

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** What the dispatcher needs from its connection. */
export interface InboundHost extends ContextHost {
  readonly validateOutbound: boolean;
  /** Handlers for methods the connection has none of its own for. */
  readonly sharedHandlers: HandlerLookup | undefined;
  /** Routes an inbound progress notification to the outbound request it belongs to. */
  routeProgress(token: unknown, progress: Progress): void;
  report(error: Error): void;
}

type Admitted = Extract<Admission, { ok: true }>;

const noContext: MessageContext = Object.freeze({});
const internalError = () => new McpError(ErrorCode.InternalError, "Internal error");

export function errorResponse(id: RequestId | null, error: McpError): JsonRpcErrorResponse {
  return { jsonrpc: "2.0", id, error: error.toJson() };
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Inbound requests and notifications: checks (lifecycle, method, capability, schema), handler
 * dispatch with a context, cancellation, and turning outcomes into responses.
 */
export class InboundDispatcher {
  // The tables are allocated on first use: an idle connection (or one served by shared handlers)
  // never needs them.
  private requestHandlers: Map<string, RequestHandler> | undefined;
  private notificationHandlers: Map<string, NotificationHandler> | undefined;
  private readonly inflight = new InflightTable<RunningRequest>();
  private listenerCount = 0;

  constructor(private readonly host: InboundHost) {}

  get size(): number {
    return this.inflight.size;
  }

  setRequestHandler(method: string, handler: RequestHandler): void {
    this.requestHandlers ??= new Map();
    this.requestHandlers.set(method, handler);
  }

  removeRequestHandler(method: string): void {
    this.requestHandlers?.delete(method);
  }

  setNotificationHandler(method: string, handler: NotificationHandler): void {
    this.notificationHandlers ??= new Map();
    this.notificationHandlers.set(method, handler);
  }

  removeNotificationHandler(method: string): void {
    this.notificationHandlers?.delete(method);
  }

  /** The connection's own handler for a request method, else the shared one. */
  /** A method this revision does not define that an installed extension does (see `HandlerLookup`). */
  private definedByExtension(method: string, revision: Revision): boolean {
    return (
      methodInfo(revision, method) === undefined &&
      this.host.sharedHandlers?.extensionMethod?.(method) === true
    );
  }

  private requestHandler(method: string): RequestHandler | undefined {
    return this.requestHandlers?.get(method) ?? this.host.sharedHandlers?.requestHandler(method);
  }

  private notificationHandler(method: string): NotificationHandler | undefined {
    return this.notificationHandlers?.get(method) ?? this.host.sharedHandlers?.notificationHandler(method);
  }

  get listeners(): number {
    return this.listenerCount;
  }

  /** Aborts every running handler (the connection closed); their answers are not sent. */
  abortAll(reason: Error): void {
    for (const entry of this.inflight.entries()) this.abandon(entry, reason);
  }

  /**
   * Handles one request. Refusals, and handlers that answer at once, are answered at once (so
   * answers to bad input keep arrival order); otherwise resolves to the handler's response.
   * Undefined (now or later) when no response must be sent.
   */
  dispatchRequest(
    request: JsonRpcRequest,
    context: MessageContext = noContext,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
    const { id, method } = request;
    if (this.inflight.has(id)) {
      const reason = `Invalid Request: request id ${truncateEcho(JSON.stringify(id))} is already in use`;
      return errorResponse(id, new McpError(ErrorCode.InvalidRequest, reason));
    }
    const era = this.host.era;
    const admission = era.admitRequest(request);
    if (!admission.ok) return errorResponse(id, admission.error);
    let check = checkInbound("request", method, admission.revision, era.role, era.ownCapabilities());
    if (!check.ok && this.definedByExtension(method, admission.revision))
      check = { ok: true, info: undefined };
    if (!check.ok) return errorResponse(id, check.error);
    const handler = era.builtinRequestHandler(method) ?? this.requestHandler(method);
    if (!handler) return errorResponse(id, methodNotFound(method));
    const issue = check.info && firstIssue(admission.revision, check.info.message, request);
    if (issue) return errorResponse(id, invalidParamsError(issue));
    return this.run(request, context, handler, admission, check.info);
  }

  /**
   * Runs the handler. A handler that answers at once (a value, not a promise) is answered in the
   * same turn: no promise and no microtask between the request and its response.
   */
  private run(
    request: JsonRpcRequest,
    context: MessageContext,
    handler: RequestHandler,
    { revision, peer }: Admitted,
    info: MethodInfo | undefined,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
    const { id, method } = request;
    const entry = new RunningRequest(id, method);
    this.inflight.add(entry);
    this.watchSender(entry, context.signal);
    const params: Params = request.params ?? {};
    const ctx = new HandlerContext(this.host, entry, params, revision, peer, context);
    const ran: Ran = { entry, ctx, revision, info };
    let outcome: JsonObject | Promise<JsonObject>;
    try {
      outcome = this.host.era.handle(params, ctx, handler);
    } catch (error) {
      return this.failed(ran, error);
    }
    if (!isPromiseLike(outcome)) return this.answered(ran, outcome);
    const answer = Promise.resolve(outcome).then(
      (result) => this.answered(ran, result),
      (error: unknown) => this.failed(ran, error),
    );
    // The answer may come after the request's HTTP response is over (a stream closed early).
    context.waitUntil?.(answer);
    return answer;
  }

  /** The handler's result, checked and wrapped (or dropped if the request was cancelled meanwhile). */
  private answered(ran: Ran, result: unknown): JsonRpcResponse | undefined {
    this.ended(ran);
    const { entry, revision, info } = ran;
    if (entry.cancelled) return undefined;
    try {
      if (!isObject(result))
        throw new TypeError(`the ${entry.method} handler returned ${typeof result}, not an object`);
      // A result the validator cannot walk (a cycle, a throwing getter) is a -32603 too.
      const issue =
        this.host.validateOutbound && info ? firstResultIssue(revision, info.results, result) : undefined;
      if (issue) {
        this.host.report(invalidOutboundError(`The ${entry.method} result`, revision, issue));
        return errorResponse(entry.id, internalError());
      }
      return { jsonrpc: "2.0", id: entry.id, result };
    } catch (error) {
      return this.refused(entry, error);
    }
  }

  /** The handler threw or rejected. */
  private failed(ran: Ran, error: unknown): JsonRpcResponse | undefined {
    this.ended(ran);
    return this.refused(ran.entry, error);
  }

  /**
   * An MCP error goes back as it is, an `AuthenticationError` as -32001/-32003 (with its HTTP
   * refusal noted), anything else as -32603 (unless the request was cancelled).
   */
  private refused(entry: RunningRequest, error: unknown): JsonRpcResponse | undefined {
    if (entry.cancelled) return undefined;
    if (error instanceof McpError) return errorResponse(entry.id, error);
    // A refused credential or scope: its HTTP status and challenge go with the response.
    if (error instanceof AuthenticationError)
      return noteRefusal(errorResponse(entry.id, authErrorToMcp(error)), error);
    // The message and stack may hold internals: they stay local.
    this.host.report(asError(error));
    return errorResponse(entry.id, internalError());
  }

  /** The request is over: no more progress, no more listening for the sender, out of the table. */
  private ended({ entry, ctx }: Ran): void {
    ctx.finish();
    entry.detach();
    this.inflight.delete(entry);
  }

  /** Handles one notification. Nothing is ever answered; problems go to `report`. */
  dispatchNotification(notification: JsonRpcNotification, context: MessageContext = noContext): void {
    const { method } = notification;
    const era = this.host.era;
    const admission = era.admitNotification(notification);
    if (!admission.ok) {
      this.host.report(admission.error);
      return;
    }
    const { revision, peer } = admission;
    const check = checkInbound("notification", method, revision, era.role, era.ownCapabilities());
    if (!check.ok) {
      this.host.report(check.error);
      return;
    }
    const issue = check.info && firstIssue(revision, check.info.message, notification);
    if (issue) {
      this.host.report(invalidParamsError(issue));
      return;
    }
    const params: Params = notification.params ?? {};
    if (method === "notifications/cancelled") this.cancel(params.requestId);
    if (method === "notifications/progress") this.routeProgress(params);
    const ctx = { method, revision, era: era.era, context, peer };
    const handlers = [era.builtinNotificationHandler(method), this.notificationHandler(method)];
    // A custom notification nobody handles is worth a note; a known one is simply not of interest.
    if (!check.info && !handlers.some(Boolean)) this.host.report(methodNotFound(method));
    for (const handler of handlers) {
      if (!handler) continue;
      try {
        Promise.resolve(handler(params, ctx)).catch((error: unknown) => this.host.report(asError(error)));
      } catch (error) {
        this.host.report(asError(error));
      }
    }
  }

  private routeProgress({ progressToken, progress, total, message }: Params): void {
    if (typeof progress !== "number") return;
    this.host.routeProgress(progressToken, {
      progress,
      ...(typeof total === "number" ? { total } : {}),
      ...(typeof message === "string" ? { message } : {}),
    });
  }

  /** The peer cancelled a request: abort its handler and send no answer. `initialize` cannot be cancelled. */
  private cancel(requestId: unknown): void {
    if (typeof requestId !== "string" && typeof requestId !== "number") return;
    const entry = this.inflight.get(requestId);
    if (!entry || entry.method === "initialize") return;
    this.abandon(
      entry,
      new LocalError("cancelled", `the peer cancelled request ${truncateEcho(JSON.stringify(requestId))}`),
    );
  }

  /**
   * Gives up on a running handler: no answer will be sent, its signal aborts, and the connection
   * forgets it at once (a handler that ignores its signal must not pin memory).
   */
  private abandon(entry: RunningRequest, reason: Error): void {
    if (entry.cancelled) return;
    entry.cancel(reason);
    this.inflight.delete(entry);
    entry.detach();
    entry.abortSignal();
  }

  /** The transport may learn the sender is gone (an HTTP stream closed): treat that as a cancellation. */
  private watchSender(entry: RunningRequest, signal: AbortSignal | undefined): void {
    if (!signal || entry.method === "initialize") return;
    const gone = () =>
      this.abandon(entry, new LocalError("cancelled", "the sender is no longer waiting for the answer"));
    if (signal.aborted) {
      gone();
      return;
    }
    signal.addEventListener("abort", gone, { once: true });
    this.listenerCount++;
    entry.detach = () => {
      entry.detach = () => {};
      signal.removeEventListener("abort", gone);
      this.listenerCount--;
    };
  }
}
