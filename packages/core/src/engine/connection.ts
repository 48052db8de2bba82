import type { MethodInfo, Revision } from "@mcpkit/schema";
import { LocalError } from "../errors.js";
import type { JsonRpcMessage, JsonRpcPayload, RequestId } from "../jsonrpc/types.js";
import { SENT, type SendOptions, type Transport, type UnreadableFrame } from "../transport.js";
import type { EraHost, EraStrategy } from "../eras/era.js";
import { checkOutbound, firstIssue, invalidOutboundError } from "./checks.js";
import { type InboundHost, InboundDispatcher } from "./inbound.js";
import { type PendingHost, PendingRequests } from "./pending.js";
import { DEFAULT_MAX_BATCH_SIZE, MessageRouter, type RouterHost } from "./router.js";
import type {
  ConnectionDiagnostics,
  HandlerLookup,
  JsonObject,
  NotificationHandler,
  NotifyOptions,
  Params,
  Progress,
  RequestHandler,
  RequestOptions,
} from "./types.js";

/** Options of a {@link Connection}. */
export interface ConnectionOptions {
  /** The era strategy for this side of this connection (one instance per connection). */
  readonly era: EraStrategy;
  /** Default per-request timeout in ms (restarted by progress unless a request says otherwise). Default 60 000. */
  readonly timeoutMs?: number;
  /** Default cap on a request's total duration in ms, progress or not. Default 600 000. */
  readonly maxTotalTimeoutMs?: number;
  /** Validate every outbound message against the revision's schema; failures reject with `LocalError("invalid_outbound")`. Default false. */
  readonly validateOutbound?: boolean;
  /** Validate results received for outbound requests; failures reject with `LocalError("invalid_message")`. Default false (be tolerant). */
  readonly validateResults?: boolean;
  /**
   * The most messages one JSON-RPC batch (2025-03-26) may hold. A larger batch is refused whole with
   * one -32600 error (id null) and none of its messages is handled. Default 100
   * ({@link DEFAULT_MAX_BATCH_SIZE}).
   */
  readonly maxBatchSize?: number;
  /** Problems that have no caller to report to: a peer's malformed notification, a handler crash, a failed send. */
  readonly onError?: (error: Error) => void;
  /**
   * Handlers shared with other connections, for methods this connection has no handler of its own
   * for (a server keeps one table for all its sessions).
   */
  readonly sharedHandlers?: HandlerLookup;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_TOTAL_TIMEOUT_MS = 600_000;

const NO_RESULTS: readonly string[] = Object.freeze([]);
const NO_META: Readonly<Record<string, unknown>> = Object.freeze({});

function withProgressToken(meta: Readonly<Record<string, unknown>>, id: RequestId): Record<string, unknown> {
  return meta === NO_META ? { progressToken: id } : Object.assign({}, meta, { progressToken: id });
}

/** The params' `_meta` object, or an empty one (shared: copy from it, never write to it). */
function metaOf(params: Params | undefined): Readonly<Record<string, unknown>> {
  const meta = params?._meta;
  return typeof meta === "object" && meta !== null && !Array.isArray(meta)
    ? (meta as Record<string, unknown>)
    : NO_META;
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

const ignore = () => {};

const NO_SEND_OPTIONS: SendOptions = Object.freeze({});

function related(id: RequestId | undefined): SendOptions {
  return id === undefined ? NO_SEND_OPTIONS : { relatedRequestId: id };
}

/**
 * One end of an MCP connection: the JSON-RPC engine over a {@link Transport}, with an era strategy
 * for the protocol's lifecycle. Client and server packages build on it by composition.
 *
 * @example
 * ```ts
 * const era = new SessionServerEra({ serverInfo: { name: "demo", version: "1.0.0" }, capabilities: { tools: {} } });
 * const connection = new Connection({ era, validateOutbound: true });
 * connection.setRequestHandler("tools/list", () => ({ tools: [] }));
 * await connection.connect(transport);
 * await connection.closed;
 * ```
 */
export class Connection implements EraHost, InboundHost, RouterHost, PendingHost {
  readonly era: EraStrategy;
  /** @internal */
  readonly validateOutbound: boolean;
  /** @internal */
  readonly validateResults: boolean;
  /** @internal */
  readonly sharedHandlers: HandlerLookup | undefined;
  /** @internal */
  readonly inbound: InboundDispatcher;
  /** @internal */
  readonly maxBatchSize: number;
  private readonly timeoutMs: number;
  private readonly maxTotalTimeoutMs: number;
  private readonly onError: (error: Error) => void;
  private readonly router: MessageRouter;
  /** The outbound requests, allocated by the first one: most server connections never send one. */
  private outbound: PendingRequests | undefined;
  private transport: Transport | undefined;
  private state: "new" | "open" | "closed" = "new";
  private nextId = 1;
  // `closed` is made on first use: many connections are never awaited.
  private closedPromise: Promise<void> | undefined;
  private resolveClosed: (() => void) | undefined;

  constructor(options: ConnectionOptions) {
    this.era = options.era;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxTotalTimeoutMs = options.maxTotalTimeoutMs ?? DEFAULT_MAX_TOTAL_TIMEOUT_MS;
    this.validateOutbound = options.validateOutbound ?? false;
    this.validateResults = options.validateResults ?? false;
    this.sharedHandlers = options.sharedHandlers;
    this.maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
    if (!Number.isInteger(this.maxBatchSize) || this.maxBatchSize < 1) {
      throw new RangeError(`maxBatchSize must be a positive integer (got ${this.maxBatchSize})`);
    }
    this.onError = options.onError ?? ignore;
    // The connection is the host of its parts: no per-connection callbacks to allocate.
    this.inbound = new InboundDispatcher(this);
    this.router = new MessageRouter(this);
    this.era.bind(this);
  }

  /** Resolves once the connection has closed, from either side. */
  get closed(): Promise<void> {
    if (this.closedPromise === undefined) {
      this.closedPromise =
        this.state === "closed"
          ? Promise.resolve()
          : new Promise((resolve) => {
              this.resolveClosed = resolve;
            });
    }
    return this.closedPromise;
  }

  /** @internal The outbound requests awaiting answers. */
  get pending(): PendingRequests {
    this.outbound ??= new PendingRequests(this);
    return this.outbound;
  }

  /** The revision governing the connection now (undefined before the session era negotiates one). */
  get revision(): Revision | undefined {
    return this.era.revision;
  }

  /** Whether the connection has closed. */
  get isClosed(): boolean {
    return this.state === "closed";
  }

  /**
   * Starts the transport and begins handling messages. Call once.
   *
   * @example
   * ```ts
   * const serverConnection = new Connection({ era: new AdaptiveServerEra({ serverInfo, capabilities: {} }) });
   * const [clientSide, serverSide] = createInMemoryPair();
   * await serverConnection.connect(serverSide);
   * ```
   */
  async connect(transport: Transport): Promise<void> {
    if (this.state !== "new")
      throw new LocalError("invalid_message", "this connection was already connected");
    const resumed = transport.resumedSession;
    if (resumed) {
      if (!this.era.resume) throw new LocalError("version_rejected", "this era cannot continue a session");
      this.era.resume(resumed);
    }
    this.transport = transport;
    this.state = "open";
    try {
      await transport.start({
        onMessage: (value, context) => this.router.onMessage(value, context),
        onUnreadable: (frame) => this.onUnreadable(frame),
        onClose: (error) => this.onClose(error),
        onAnswerLost: (id, error) => {
          if (this.state === "open") this.outbound?.take(id)?.reject(error);
        },
      });
    } catch (error) {
      this.onClose(asError(error));
      throw error;
    }
  }

  /**
   * Registers the handler for an inbound request method (replacing any earlier one). Era built-ins
   * (`initialize`, `ping`, `server/discover`) take precedence. A method no revision defines (an
   * extension) is dispatched without schema validation.
   *
   * @example
   * ```ts
   * connection.setRequestHandler("tools/list", () => ({ tools: [] }));
   * ```
   */
  setRequestHandler(method: string, handler: RequestHandler): void {
    this.inbound.setRequestHandler(method, handler);
  }

  /** Removes the handler registered for an inbound request method, if any. */
  removeRequestHandler(method: string): void {
    this.inbound.removeRequestHandler(method);
  }

  /**
   * Registers the handler for an inbound notification method (replacing any earlier one); runs
   * after era built-ins.
   *
   * @example
   * ```ts
   * declare function refreshTools(): Promise<void>;
   * connection.setNotificationHandler("notifications/tools/list_changed", () => refreshTools());
   * ```
   */
  setNotificationHandler(method: string, handler: NotificationHandler): void {
    this.inbound.setNotificationHandler(method, handler);
  }

  /** Removes the handler registered for an inbound notification method, if any. */
  removeNotificationHandler(method: string): void {
    this.inbound.removeNotificationHandler(method);
  }

  /**
   * Sends a request and resolves with its result. Rejects with `McpError` when the peer answers an
   * error, or with `LocalError`: `timeout`, `cancelled`, `connection_closed`, `not_initialized`,
   * `capability_missing`, `method_unavailable`, `invalid_outbound`, ...
   *
   * Ids are 1, 2, 3, ... and never reused. Unless `resetTimeoutOnProgress` is false and there is no
   * `onProgress`, the request carries `_meta.progressToken` (its id).
   *
   * @example
   * ```ts
   * const { tools } = await connection.request("tools/list", {}, { timeoutMs: 10_000 });
   * ```
   */
  request(method: string, params?: Params, options: RequestOptions = {}): Promise<JsonObject> {
    // Not `async`: the answer's own promise goes back as it is, without a wrapper around it.
    try {
      return this.sendRequest(method, params, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private sendRequest(
    method: string,
    params: Params | undefined,
    options: RequestOptions,
  ): Promise<JsonObject> {
    const withMeta = options.meta
      ? Object.assign({}, params, { _meta: Object.assign({}, options.meta, metaOf(params)) })
      : params;
    const { revision, info, params: prepared } = this.prepare("request", method, withMeta);
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const maxTotalTimeoutMs = options.maxTotalTimeoutMs ?? this.maxTotalTimeoutMs;
    if (!(timeoutMs > 0) || !(maxTotalTimeoutMs > 0)) {
      throw new RangeError(
        `timeouts must be positive numbers of ms (got ${timeoutMs} and ${maxTotalTimeoutMs})`,
      );
    }
    const signal = options.signal;
    if (signal?.aborted)
      throw new LocalError("cancelled", `Request ${method} was cancelled before it was sent`);
    const id = this.nextId++;
    const resetOnProgress = options.resetTimeoutOnProgress ?? true;
    // A token lets the peer report progress, which is also what keeps a long request alive.
    const wantsProgress = options.onProgress !== undefined || resetOnProgress;
    // Object.assign, not `{ ...prepared, _meta }`: on Node 20 a spread followed by a key the source
    // lacks takes V8's slow path (~0.4 µs a call; see docs/performance.md).
    const finalParams = wantsProgress
      ? Object.assign({}, prepared, { _meta: withProgressToken(metaOf(prepared), id) })
      : prepared;
    const message: JsonRpcMessage =
      finalParams === undefined
        ? { jsonrpc: "2.0", id, method }
        : { jsonrpc: "2.0", id, method, params: finalParams };
    this.checkOutbound(`The ${method} request`, revision, info, message);
    const answer = this.pending.register({
      id,
      method,
      revision,
      results: info?.results ?? NO_RESULTS,
      timeoutMs,
      maxTotalTimeoutMs,
      resetOnProgress,
      onProgress: options.onProgress,
      signal,
    });
    const sendOptions: SendOptions = options.headers
      ? Object.assign({}, related(options.relatedRequestId), { headers: options.headers })
      : related(options.relatedRequestId);
    const sent = this.send(message, sendOptions);
    if (sent !== SENT) {
      sent.catch((error: unknown) => {
        this.pending.take(id)?.reject(asError(error));
      });
    }
    return answer;
  }

  /**
   * Sends a notification; rejects with `LocalError` when the era or a capability gate forbids it.
   *
   * @example
   * ```ts
   * await connection.notify("notifications/roots/list_changed");
   * ```
   */
  async notify(method: string, params?: Params, options: NotifyOptions = {}): Promise<void> {
    const { revision, info, params: prepared } = this.prepare("notification", method, params);
    const message: JsonRpcMessage =
      prepared === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params: prepared };
    this.checkOutbound(`The ${method} notification`, revision, info, message);
    await this.send(message, related(options.relatedRequestId));
  }

  /**
   * Closes the transport (the session era's shutdown); pending requests reject with
   * `LocalError("connection_closed")`, running handlers are aborted and their answers dropped.
   *
   * @example
   * ```ts
   * await connection.close();
   * ```
   */
  async close(): Promise<void> {
    if (this.state !== "closed" && this.transport) {
      try {
        await this.transport.close();
      } catch (error) {
        this.report(asError(error));
      }
    }
    this.onClose();
    await this.closed;
  }

  /** What the connection holds now; all zero when idle or closed (a leak check for tests and monitoring). */
  diagnostics(): ConnectionDiagnostics {
    const outbound = this.outbound;
    return {
      pendingRequests: outbound?.size ?? 0,
      inflightRequests: this.inbound.size,
      activeTimers: outbound?.timers ?? 0,
      signalListeners: (outbound?.listeners ?? 0) + this.inbound.listeners,
    };
  }

  /** Lifecycle (era) and method checks for an outbound message; throws `LocalError`. */
  private prepare(kind: MethodInfo["kind"], method: string, params: Params | undefined) {
    if (this.state !== "open") {
      const why = this.state === "new" ? "is not connected" : "is closed";
      throw new LocalError("connection_closed", `Cannot send ${method}: the connection ${why}`);
    }
    const prepared =
      kind === "request"
        ? this.era.prepareRequest(method, params)
        : this.era.prepareNotification(method, params);
    const own = this.era.ownCapabilities();
    const info = checkOutbound(
      kind,
      method,
      prepared.revision,
      this.era.role,
      own,
      this.era.peerCapabilities(),
    );
    return { revision: prepared.revision, params: prepared.params, info };
  }

  private checkOutbound(
    what: string,
    revision: Revision,
    info: MethodInfo | undefined,
    message: JsonRpcMessage,
  ): void {
    if (!this.validateOutbound || !info) return;
    const issue = firstIssue(revision, info.message, message);
    if (issue) throw invalidOutboundError(what, revision, issue);
  }

  /** @internal Whether messages flow (connected and not closed). */
  isOpen(): boolean {
    return this.state === "open";
  }

  /** @internal Whether this side ever used the id for a request of its own (ids are 1, 2, 3, ...). */
  issued(id: RequestId): boolean {
    return typeof id === "number" && Number.isInteger(id) && id >= 1 && id < this.nextId;
  }

  /** @internal An inbound progress notification, for the outbound request it belongs to. */
  routeProgress(token: unknown, progress: Progress): void {
    this.outbound?.progress(token, progress);
  }

  /** @internal Sends one payload on the transport; never throws, rejects instead. */
  send(payload: JsonRpcPayload, options: SendOptions): Promise<void> {
    if (this.state !== "open" || !this.transport)
      return Promise.reject(new LocalError("connection_closed", "the connection is closed"));
    try {
      return this.transport.send(payload, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** @internal A request timed out or was aborted: tell the peer, except for `initialize`, which cannot be cancelled. */
  giveUp(id: RequestId, method: string, reason: string): void {
    if (method === "initialize" || this.state !== "open") return;
    this.notify("notifications/cancelled", { requestId: id, reason }).catch((error: unknown) => {
      this.report(asError(error));
    });
  }

  /**
   * A frame the transport could not read. When it was an answer to one of our requests (too large
   * to read), that request fails now rather than at its timeout; the peer is told as for any
   * unreadable frame.
   */
  private onUnreadable(frame: UnreadableFrame): void {
    const id = frame.answersId;
    if (id !== undefined && frame.problem === "too_large" && this.state === "open") {
      const taken = this.outbound?.take(id);
      taken?.reject(
        new LocalError(
          "message_too_large",
          `The answer to ${taken.method} (id ${JSON.stringify(id)}) was dropped: ${frame.detail}`,
        ),
      );
    }
    this.router.onUnreadable(frame);
  }

  private onClose(error?: Error): void {
    if (this.state === "closed") return;
    this.state = "closed";
    const cause = error ? { cause: error } : undefined;
    this.outbound?.rejectAll(
      (method, id) =>
        new LocalError(
          "connection_closed",
          `Connection closed before ${method} (id ${id}) was answered`,
          cause,
        ),
    );
    this.inbound.abortAll(new LocalError("connection_closed", "the connection closed", cause));
    this.era.closed();
    this.resolveClosed?.();
  }

  /** @internal A problem with no caller to report to. */
  report(error: Error): void {
    try {
      this.onError(error);
    } catch {
      // A failing error hook must not take the connection down.
    }
  }
}
