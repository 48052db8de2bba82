import {
  type Capabilities,
  type Connection,
  type JsonObject,
  LocalError,
  logTo,
  type McpTelemetry,
  type Params,
  resolveTelemetry,
} from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { CallToolOptions, ListOptions } from "./call-options.js";
import { type Settled, settle } from "./era/settle.js";
import { ClientError } from "./errors.js";
import { Emitter } from "./events.js";
import { InstalledExtensions } from "./extensions/installed.js";
import { ClientCache } from "./features/cache.js";
import { type CallOptions, call } from "./features/calls.js";
import { ServerRequestHandlers } from "./features/handlers.js";
import { type ListenHost, Listeners, listenHost } from "./features/listen.js";
import { type ClientEvents, wireNotifications } from "./features/notifications.js";
import { type OutgoingHost, sendOutgoing } from "./features/outgoing.js";
import { collectPages, toPage } from "./features/pagination.js";
import { dropUnusableTools, withParamHeaders } from "./features/param-headers.js";
import { checkStructuredContent } from "./features/tools.js";
import { MiddlewareChain } from "./middleware/middleware.js";
import type { ClientOptions, TransportSource } from "./options.js";
import { clientHealer } from "./resilience/client-healer.js";
import type { Healer } from "./resilience/healer.js";
import { retrySafe } from "./resilience/retry-safety.js";
import { ClientTasks } from "./tasks/client-tasks.js";
import { mustRunAsTask } from "./tasks/session-call.js";
import type { TaskRequest, ToolTask } from "./tasks/tool-task.js";
import type * as T from "./types.js";
import { type OutputSchemaValidator, createOutputValidator } from "./validation/output-validator.js";

type ListKind = "tools" | "prompts" | "resources";

/**
 * What a `Client` is made of behind its public methods: the settled connection and the
 * healer that keeps it, the middleware, handlers, extensions and events, the tools it knows, and
 * how requests, lists and tool calls are sent. Internal: `Client` is the API.
 */
export class ClientCore {
  readonly handlers: ServerRequestHandlers;
  readonly installed: InstalledExtensions;
  readonly events: Emitter<ClientEvents>;
  /** OpenTelemetry spans of requests, settled by `connect`. */
  private telemetry: McpTelemetry | undefined;
  readonly listeners = new Listeners();
  private readonly validator: OutputSchemaValidator | undefined;
  readonly cache: ClientCache | undefined;
  private readonly tools = new Map<string, T.Tool>();
  readonly listed = new Set<ListKind>();
  readonly tasks: ClientTasks;
  readonly healer: Healer;
  readonly middleware = new MiddlewareChain();
  readonly listenHost: ListenHost;
  /** Resources subscribed in the session era, subscribed again after a reconnection. */
  readonly subscribed = new Set<string>();
  private source: TransportSource | undefined;
  settled: Settled | undefined;
  private connecting = false;
  logLevel: T.LoggingLevel | undefined;

  constructor(readonly options: ClientOptions) {
    this.handlers = new ServerRequestHandlers(options);
    this.installed = new InstalledExtensions(options.extensions ?? []);
    this.events = new Emitter((error) => this.report(error));
    this.tasks = this.clientTasks();
    this.healer = clientHealer({
      options,
      events: this.events,
      source: () => this.source,
      capabilities: () => this.capabilities,
      prepare: (connection) => this.prepare(connection),
      use: (settled) => {
        this.settled = settled;
      },
      state: () => ({ subscriptions: this.subscribed, logLevel: this.logLevel }),
      report: (error) => this.report(error),
    });
    this.listenHost = listenHost(this.healer, (gap) => this.events.emit("subscriptionGap", gap));
    this.validator =
      options.outputValidator === false ? undefined : (options.outputValidator ?? createOutputValidator());
    const cacheOption = options.cache;
    this.cache =
      cacheOption === false
        ? undefined
        : new ClientCache(cacheOption?.shared, () =>
            JSON.stringify([this.settled?.serverInfo?.name, this.settled?.serverInfo?.version]),
          );
  }

  /** See `Client.connect`. */
  async connect(source: TransportSource, signal: AbortSignal | undefined): Promise<void> {
    if (this.connecting || this.settled)
      throw new ClientError("not_connected", "connect() was already called on this client");
    this.connecting = true;
    this.source = source;
    this.telemetry = await resolveTelemetry(this.options.telemetry);
    this.settled = await settle(source, {
      options: this.options,
      capabilities: this.capabilities,
      signal,
      prepare: (connection) => this.prepare(connection),
      report: (error) => this.report(error),
    });
    this.healer.watch(this.settled);
  }

  /** The capabilities this client declares (one per handler given, `experimental`, extensions). */
  get capabilities(): Capabilities {
    const base = this.handlers.capabilities();
    const { experimental } = this.options;
    return this.installed.capabilities(experimental ? { ...base, experimental } : base);
  }

  /** See `Client.request`. */
  request(method: string, params: Params = {}, options: CallOptions = {}): Promise<JsonObject> {
    const { era, revision } = this.need();
    if (!this.middleware.wrapsOutgoing) return this.send(method, params, options);
    const request = { method, params, options, era, revision };
    return this.middleware.send(request, (r) => this.send(r.method, r.params, r.options));
  }

  /** Sends one request through the healer (see `Client.request`). */
  private send(method: string, params: Params, options: CallOptions): Promise<JsonObject> {
    const send = (s: Settled) =>
      sendOutgoing(this.outgoing(s.revision), method, params, options.signal, (sent: Params) =>
        call(
          {
            connection: s.connection,
            era: s.era,
            revision: s.revision,
            logLevel: this.logLevel,
            cache: this.cache,
            handlers: this.handlers,
            maxInputRounds: this.options.maxInputRounds,
          },
          method,
          sent,
          options,
        ),
      );
    return this.healer.run(method, send, () =>
      retrySafe(method, params, options.retry, (n) => this.tools.get(n)),
    );
  }

  /** What each outgoing request is sent with: telemetry, and the -32042 retry. */
  private outgoing(revision: Revision): OutgoingHost {
    return {
      telemetry: this.telemetry,
      urlHandler: this.options.elicitation?.url,
      revision,
      onElicitationComplete: (listener) => this.events.on("elicitationComplete", listener),
      timeoutMs: this.options.maxTotalTimeoutMs ?? 600_000,
    };
  }

  /** See `Client.listTools`. */
  async listTools(options?: ListOptions): Promise<T.Tool[]> {
    const listed = await this.listAll<T.Tool>("tools/list", "tools", options);
    const tools =
      this.settled?.era === "stateless" ? dropUnusableTools(listed, (e) => this.report(e)) : listed;
    this.tools.clear();
    for (const tool of tools) this.tools.set(tool.name, tool);
    this.listed.add("tools");
    return tools;
  }

  /** A plain `tools/call` (see `Client.callTool`). */
  async callToolPlain(params: T.CallToolParams, options: CallToolOptions): Promise<T.CallToolResult> {
    const s = this.settled;
    // The stateless era needs the definition before the call (its headers), the others after.
    const early = s?.era === "stateless";
    const capabilities = s?.serverCapabilities as T.ServerCapabilities | undefined;
    if (!early && mustRunAsTask(s?.revision, this.tools.get(params.name), capabilities)) {
      // 2025-11-25: a tool whose taskSupport is "required" must be called as a task.
      const { validateOutput: _v, ...waitOptions } = options;
      return (await this.callToolAsTask(params, {}, options)).result(waitOptions);
    }
    let tool = early ? await this.knownTool(params.name, options.signal) : undefined;
    const result = await this.sendToolCall(params, tool, options);
    if (early && this.installed.claims(result.resultType)) {
      // An extension's result (a task of 2026-07-28): carried to the tool's own result.
      const carried = this.tasks.carry(params, result, options);
      if (carried) return carried;
    }
    if (!this.validator || options.validateOutput === false || result.isError) return result;
    if (!early) {
      // Known without a listing: no await, which keeps the usual call a few microtasks shorter.
      const known = this.tools.has(params.name) || this.listed.has("tools");
      tool = known ? this.tools.get(params.name) : await this.knownTool(params.name, options.signal);
    }
    if (tool) checkStructuredContent(tool, result, this.validator, this.settled?.revision);
    return result;
  }

  /** Sends `tools/call`, with the `Mcp-Param-*` headers the tool's definition asks for (2026-07-28). */
  private async sendToolCall(
    params: T.CallToolParams,
    tool: T.Tool | undefined,
    options: CallToolOptions,
  ): Promise<T.CallToolResult> {
    // `options` goes on as it is (the connection ignores `validateOutput`): no copy per call.
    const sent = withParamHeaders(tool, params.arguments, options);
    return (await this.request("tools/call", { ...params }, sent)) as unknown as T.CallToolResult;
  }

  /** A `tools/call` as a task (see `Client.callTool`). */
  callToolAsTask(
    params: T.CallToolParams,
    task: TaskRequest,
    options: CallToolOptions & { readonly task?: TaskRequest },
  ): Promise<ToolTask> {
    this.need();
    return this.tasks.callAsTask(params, task, options);
  }

  /** Checks a task's final result as a plain call's is checked (the tool's output schema). */
  private async checkOutput(
    name: string,
    result: T.CallToolResult,
    validate: boolean | undefined,
  ): Promise<T.CallToolResult> {
    if (!this.validator || validate === false || result.isError) return result;
    const tool = await this.knownTool(name, undefined);
    if (tool) checkStructuredContent(tool, result, this.validator, this.settled?.revision);
    return result;
  }

  /** A tool's definition from the last listing; the tools are listed once if none was made yet. */
  private async knownTool(name: string, signal: AbortSignal | undefined): Promise<T.Tool | undefined> {
    if (!this.tools.has(name) && !this.listed.has("tools")) {
      try {
        await this.listTools({ signal });
      } catch (error) {
        this.report(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return this.tools.get(name);
  }

  /** The tasks' view of this client. */
  private clientTasks(): ClientTasks {
    const settled = () => this.need();
    return new ClientTasks({
      get era() {
        return settled().era;
      },
      get revision() {
        return settled().revision;
      },
      get serverCapabilities() {
        return settled().serverCapabilities as T.ServerCapabilities;
      },
      installed: this.installed,
      maxWaitMs: this.options.maxTotalTimeoutMs ?? 600_000,
      request: (method, params, options) => this.request(method, params, options),
      knownTool: (name, signal) => this.knownTool(name, signal),
      sendToolCall: (params, tool, options) => this.sendToolCall(params, tool, options),
      checkOutput: (name, result, validate) => this.checkOutput(name, result, validate),
      fulfil: (requests, signal) => this.handlers.fulfil(requests, { signal, revision: settled().revision }),
      onProgress: (listener) => this.events.on("progress", listener),
      report: (error) => this.report(error),
    });
  }

  private prepare(connection: Connection): void {
    this.middleware.wrap(connection);
    this.handlers.register(connection);
    this.installed.register(connection);
    connection.setNotificationHandler("notifications/tasks/status", (params) => {
      const info = this.tasks.notified(params);
      if (info) this.events.emit("taskStatus", info);
    });
    wireNotifications(connection, {
      events: this.events,
      cache: this.cache,
      listeners: this.listeners,
      refreshOnListChanged: this.options.refreshOnListChanged ?? true,
      refresh: (kind) => (this.listed.has(kind) ? this.refresh(kind) : undefined),
      report: (error) => this.report(error),
    });
  }

  /** Lists `kind` afresh (a list-changed notification came); what the list methods remember. */
  private refresh(kind: ListKind): Promise<unknown[]> {
    if (kind === "tools") return this.listTools({ fresh: true });
    const method = kind === "prompts" ? "prompts/list" : "resources/list";
    return this.listAll(method, kind, { fresh: true });
  }

  async page<I>(method: string, field: string, cursor: string | undefined, options?: CallOptions) {
    return toPage<I>(await this.request(method, cursor === undefined ? {} : { cursor }, options), field);
  }

  listAll<I>(method: string, field: string, options: ListOptions = {}): Promise<I[]> {
    const { maxPages = this.options.maxPages ?? 100, ...callOptions } = options;
    return collectPages((cursor) => this.page<I>(method, field, cursor, callOptions), maxPages, method);
  }

  sessionOnly(method: string, instead: string): void {
    const s = this.need();
    if (s.era !== "session")
      throw new LocalError(
        "method_unavailable",
        `${method} is not part of revision ${s.revision}; ${instead}`,
      );
  }

  need(): Settled {
    if (!this.settled)
      throw new ClientError("not_connected", "the client is not connected: call connect() first");
    return this.settled;
  }

  report(error: Error): void {
    try {
      this.options.onError?.(error);
    } catch {
      // A failing error hook must not break the client.
    }
    logTo(this.options.logger, "error", { err: error }, error.message);
  }
}
