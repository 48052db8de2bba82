import {
  type Capabilities,
  type Connection,
  declaredExtensions,
  type ExtensionSettings,
  hasCapability,
  type JsonObject,
  LocalError,
  logTo,
  type McpTelemetry,
  type Params,
  resolveTelemetry,
} from "@mcpkit/core";
import type { Era, Revision } from "@mcpkit/schema";
import { discoverResult } from "./era/discover-result.js";
import { type Settled, settle } from "./era/settle.js";
import { clientHealer } from "./resilience/client-healer.js";
import type { Healer } from "./resilience/healer.js";
import { type ClientMiddleware, MiddlewareChain } from "./middleware/middleware.js";
import { retrySafe } from "./resilience/retry-safety.js";
import { ClientError } from "./errors.js";
import { Emitter, type Unsubscribe } from "./events.js";
import { ClientCache } from "./features/cache.js";
import { type CallOptions, call } from "./features/calls.js";
import { type OutgoingHost, sendOutgoing } from "./features/outgoing.js";
import { InstalledExtensions } from "./extensions/installed.js";
import { ServerRequestHandlers } from "./features/handlers.js";
import { type ListenHost, Listeners, type Subscription, listenHost } from "./features/listen.js";
import { type ClientEvents, wireNotifications } from "./features/notifications.js";
import { collectPages, toPage } from "./features/pagination.js";
import { completeResult, promptResult, readResult } from "./features/results.js";
import { dropUnusableTools, withParamHeaders } from "./features/param-headers.js";
import { checkStructuredContent } from "./features/tools.js";
import { ClientTasks } from "./tasks/client-tasks.js";
import { mustRunAsTask, tasksOf } from "./tasks/session-call.js";
import type { TaskInfo, TaskRequest, ToolTask } from "./tasks/tool-task.js";
import type { ClientOptions, RootsSource, TransportSource } from "./options.js";
import type * as T from "./types.js";
import type { CallToolAsTaskOptions, CallToolOptions, ListOptions } from "./call-options.js";
import { createOutputValidator, type OutputSchemaValidator } from "./validation/output-validator.js";

type ListKind = "tools" | "prompts" | "resources";

/**
 * An MCP client for servers of every revision. `connect` settles the era (by default it probes
 * for a 2026-07-28 server and falls back to `initialize`), then every request is sent the way the
 * negotiated revision wants it. Methods the revision lacks fail with
 * `LocalError("method_unavailable")`, features the server did not declare with
 * `LocalError("capability_missing")`, both before anything is sent.
 *
 * @example
 * ```ts
 * const client = new Client({ clientInfo: { name: "my-app", version: "1.0.0" } });
 * await client.connect(transport);
 * console.log(client.revision, client.serverInfo?.name);
 * const tools = await client.listTools();
 * const result = await client.callTool({ name: tools[0].name, arguments: {} });
 * await client.close();
 * ```
 */
export class Client {
  private readonly options: ClientOptions;
  private readonly handlers: ServerRequestHandlers;
  private readonly installed: InstalledExtensions;
  private readonly events: Emitter<ClientEvents>;
  /** OpenTelemetry spans of requests, settled by `connect`. */
  private telemetry: McpTelemetry | undefined;
  private readonly listeners = new Listeners();
  private readonly validator: OutputSchemaValidator | undefined;
  private readonly cache: ClientCache | undefined;
  private readonly tools = new Map<string, T.Tool>();
  private readonly listed = new Set<ListKind>();
  private readonly tasks: ClientTasks;
  private readonly healer: Healer;
  private readonly middleware = new MiddlewareChain();
  private readonly listenHost: ListenHost;
  /** Resources subscribed in the session era, subscribed again after a reconnection. */
  private readonly subscribed = new Set<string>();
  private source: TransportSource | undefined;
  private settled: Settled | undefined;
  private connecting = false;
  private logLevel: T.LoggingLevel | undefined;

  constructor(options: ClientOptions) {
    this.options = options;
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
            JSON.stringify([this.serverInfo?.name, this.serverInfo?.version]),
          );
  }

  /**
   * Connects and settles the era. Pass a factory instead of a transport so `auto` can reconnect to
   * an older server that exits on the `server/discover` probe.
   *
   * @example
   * ```ts
   * await client.connect(() => new StdioClientTransport({ command: "node", args: ["server.js"] }));
   * ```
   */
  async connect(source: TransportSource, options: { readonly signal?: AbortSignal } = {}): Promise<void> {
    if (this.connecting || this.settled)
      throw new ClientError("not_connected", "connect() was already called on this client");
    this.connecting = true;
    this.source = source;
    this.telemetry = await resolveTelemetry(this.options.telemetry);
    this.settled = await settle(source, {
      options: this.options,
      capabilities: this.capabilities,
      signal: options.signal,
      prepare: (connection) => this.prepare(connection),
      report: (error) => this.report(error),
    });
    this.healer.watch(this.settled);
  }

  /** The negotiated revision, e.g. `"2025-06-18"` or `"2026-07-28"`. */
  get revision(): Revision | undefined {
    return this.settled?.revision;
  }
  /** `session` (initialize) or `stateless` (2026-07-28). */
  get era(): Era | undefined {
    return this.settled?.era;
  }
  get serverInfo(): T.Implementation | undefined {
    return this.settled?.serverInfo as T.Implementation | undefined;
  }
  get serverCapabilities(): T.ServerCapabilities | undefined {
    return this.settled?.serverCapabilities as T.ServerCapabilities | undefined;
  }
  get instructions(): string | undefined {
    return this.settled?.instructions;
  }
  /**
   * The extensions the server declared, by id, with their settings: from `initialize` (session
   * era) or `server/discover` (2026-07-28); empty before connecting. Ones this client does not know
   * are listed too, and otherwise ignored.
   *
   * @example
   * ```ts
   * if (client.serverExtensions["io.modelcontextprotocol/tasks"]) console.log("tasks on offer");
   * ```
   */
  get serverExtensions(): Readonly<Record<string, ExtensionSettings>> {
    return declaredExtensions(this.settled?.serverCapabilities as Capabilities | undefined);
  }
  /** The capabilities this client declares (one per handler given, `experimental`, extensions). */
  get capabilities(): Capabilities {
    const base = this.handlers.capabilities();
    const { experimental } = this.options;
    return this.installed.capabilities(experimental ? { ...base, experimental } : base);
  }
  /** The underlying connection, for custom methods and diagnostics. */
  get connection(): Connection {
    return this.need().connection;
  }

  /** Listens to an event; returns the function that stops listening. */
  on<K extends keyof ClientEvents>(event: K, listener: (value: ClientEvents[K]) => void): Unsubscribe {
    return this.events.on(event, listener);
  }

  /**
   * Sends any request (custom methods included), the way the settled era wants it. When the
   * connection is lost before the answer, the request is sent again once the client has
   * reconnected if it is safe to repeat (see docs/client.md, "Healing"; `retry` decides otherwise).
   */
  request(method: string, params: Params = {}, options: CallOptions = {}): Promise<JsonObject> {
    const { era, revision } = this.need();
    if (!this.middleware.wrapsOutgoing) return this.send(method, params, options);
    const request = { method, params, options, era, revision };
    return this.middleware.send(request, (r) => this.send(r.method, r.params, r.options));
  }

  /**
   * Adds middleware: a function runs around every outgoing request, `{ incoming }` around every
   * message from the server (see {@link ClientMiddleware}); the first added is the outermost.
   *
   * @example
   * ```ts
   * client.use((request, next) => next({ ...request, options: { ...request.options, timeoutMs: 5000 } }));
   * ```
   */
  use(middleware: ClientMiddleware): this {
    this.middleware.add(middleware);
    return this;
  }

  /** Sends one request through the healer (see {@link Client.request}). */
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

  /** Checks that the server answers (`ping`). */
  async ping(options?: CallOptions): Promise<void> {
    await this.request("ping", {}, options);
  }

  /**
   * All tools, every page (bounded by `maxPages`); remembered for output-schema checks and
   * `Mcp-Param-*` headers. In the 2026-07-28 era, tools with an unusable `x-mcp-header`
   * annotation are left out (each reported to `onError` as `ClientError("invalid_tool_definition")`).
   */
  async listTools(options?: ListOptions): Promise<T.Tool[]> {
    const listed = await this.listAll<T.Tool>("tools/list", "tools", options);
    const tools = this.era === "stateless" ? dropUnusableTools(listed, (e) => this.report(e)) : listed;
    this.tools.clear();
    for (const tool of tools) this.tools.set(tool.name, tool);
    this.listed.add("tools");
    return tools;
  }
  /** One page of `tools/list`, from `cursor` (the first page without one). */
  listToolsPage(cursor?: string, options?: CallOptions): Promise<T.Page<T.Tool>> {
    return this.page("tools/list", "tools", cursor, options);
  }

  /**
   * Calls a tool. `structuredContent` is checked against the tool's output schema (from the last
   * listing; the tools are listed first if the tool is unknown). In the 2026-07-28 era the
   * arguments the tool's `inputSchema` annotates with `x-mcp-header` are also sent as
   * `Mcp-Param-*` HTTP headers (the tools are listed first if the tool is unknown).
   *
   * With the `task` option it answers a {@link ToolTask} instead (see docs/client.md, "Tasks"):
   * at 2025-11-25 the call carries `params.task`, and is refused locally
   * (`LocalError("capability_missing")`) when the server did not declare
   * `tasks.requests.tools.call` or the tool's `execution.taskSupport` is absent or `"forbidden"`.
   * Without it, a listed tool whose `taskSupport` is `"required"` is run as a task and its result
   * answered (2025-11-25).
   *
   * @example
   * ```ts
   * const result = await client.callTool({ name: "forecast", arguments: { city: "Oslo" } }, {
   *   onProgress: ({ progress, total }) => console.log(`${progress}/${total ?? "?"}`),
   *   signal: AbortSignal.timeout(60_000),
   * });
   * const task = await client.callTool({ name: "build-report" }, { task: { ttlMs: 600_000 } });
   * const report = await task.result({ onStatus: (info) => console.log(info.status) });
   * ```
   */
  callTool(params: T.CallToolParams, options: CallToolAsTaskOptions): Promise<ToolTask>;
  callTool(params: T.CallToolParams, options?: CallToolOptions): Promise<T.CallToolResult>;
  callTool(
    params: T.CallToolParams,
    options: CallToolOptions & { readonly task?: TaskRequest } = {},
  ): Promise<T.CallToolResult | ToolTask> {
    if (options.task !== undefined) return this.callToolAsTask(params, options.task, options);
    return this.callToolPlain(params, options);
  }

  private async callToolPlain(params: T.CallToolParams, options: CallToolOptions): Promise<T.CallToolResult> {
    // The stateless era needs the definition before the call (its headers), the others after.
    const early = this.era === "stateless";
    if (!early && mustRunAsTask(this.revision, this.tools.get(params.name), this.serverCapabilities)) {
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
    if (tool) checkStructuredContent(tool, result, this.validator, this.revision);
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

  private callToolAsTask(
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
    if (tool) checkStructuredContent(tool, result, this.validator, this.revision);
    return result;
  }

  /**
   * A {@link ToolTask} for a task this client made before (its id kept, e.g. across a restart),
   * read once with `tasks/get`: at 2025-11-25, or at 2026-07-28 with `tasksExtension()` installed.
   * The result is not checked against an output schema (the tool is not known).
   *
   * @example
   * ```ts
   * const task = await client.resumeTask("786512e2-9e0d-44bd-8f29-789f320fe840");
   * console.log(task.info.status, await task.result());
   * ```
   */
  resumeTask(taskId: string, options?: CallOptions): Promise<ToolTask> {
    this.need();
    return this.tasks.resume(taskId, options);
  }

  /**
   * The requestor's tasks on the server (`tasks/list`, 2025-11-25), every page (bounded by
   * `maxPages`). Needs the server's `tasks.list` capability.
   *
   * @example
   * ```ts
   * for (const task of await client.listTasks()) console.log(task.taskId, task.status);
   * ```
   */
  async listTasks(options?: ListOptions): Promise<TaskInfo[]> {
    return tasksOf(await this.listAll<JsonObject>("tasks/list", "tasks", options));
  }
  /** One page of `tasks/list`, from `cursor` (the first page without one). */
  async listTasksPage(cursor?: string, options?: CallOptions): Promise<T.Page<TaskInfo>> {
    const page = await this.page<JsonObject>("tasks/list", "tasks", cursor, options);
    return { ...page, items: tasksOf(page.items) };
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

  /** All resources, every page (bounded by `maxPages`). */
  async listResources(options?: ListOptions): Promise<T.Resource[]> {
    const resources = await this.listAll<T.Resource>("resources/list", "resources", options);
    this.listed.add("resources");
    return resources;
  }
  /** One page of `resources/list`, from `cursor` (the first page without one). */
  listResourcesPage(cursor?: string, options?: CallOptions): Promise<T.Page<T.Resource>> {
    return this.page("resources/list", "resources", cursor, options);
  }
  /** All resource templates, every page (bounded by `maxPages`). */
  listResourceTemplates(options?: ListOptions): Promise<T.ResourceTemplate[]> {
    return this.listAll("resources/templates/list", "resourceTemplates", options);
  }
  /** One page of `resources/templates/list`, from `cursor` (the first page without one). */
  listResourceTemplatesPage(cursor?: string, options?: CallOptions): Promise<T.Page<T.ResourceTemplate>> {
    return this.page("resources/templates/list", "resourceTemplates", cursor, options);
  }
  /** Reads a resource's contents (`resources/read`). */
  async readResource(uri: string, options?: CallOptions): Promise<T.ReadResourceResult> {
    return readResult(await this.request("resources/read", { uri }, options));
  }
  /** Session era only; in 2026-07-28 subscribe through {@link Client.listen} (`resourceSubscriptions`). */
  async subscribeResource(uri: string, options?: CallOptions): Promise<void> {
    this.sessionOnly("resources/subscribe", "listen({ resourceSubscriptions: [uri] })");
    await this.request("resources/subscribe", { uri }, options);
    this.subscribed.add(uri);
  }
  /** Session era only: stops the updates of a resource subscribed with {@link Client.subscribeResource}. */
  async unsubscribeResource(uri: string, options?: CallOptions): Promise<void> {
    this.sessionOnly("resources/unsubscribe", "close the listen subscription");
    await this.request("resources/unsubscribe", { uri }, options);
    this.subscribed.delete(uri);
  }

  /** All prompts, every page (bounded by `maxPages`). */
  async listPrompts(options?: ListOptions): Promise<T.Prompt[]> {
    const prompts = await this.listAll<T.Prompt>("prompts/list", "prompts", options);
    this.listed.add("prompts");
    return prompts;
  }
  /** One page of `prompts/list`, from `cursor` (the first page without one). */
  listPromptsPage(cursor?: string, options?: CallOptions): Promise<T.Page<T.Prompt>> {
    return this.page("prompts/list", "prompts", cursor, options);
  }
  /** A prompt's messages for the given arguments (`prompts/get`). */
  async getPrompt(params: T.GetPromptParams, options?: CallOptions): Promise<T.GetPromptResult> {
    return promptResult(await this.request("prompts/get", { ...params }, options));
  }

  /** Suggested values for a prompt's or resource template's argument (`completion/complete`). */
  async complete(params: T.CompleteParams, options?: CallOptions): Promise<T.CompleteResult> {
    return completeResult(await this.request("completion/complete", { ...params }, options));
  }

  /**
   * Sets the level of log messages the server sends: `logging/setLevel` in the session era; in
   * 2026-07-28 the level rides in every later request's `_meta`.
   */
  async setLoggingLevel(level: T.LoggingLevel, options?: CallOptions): Promise<void> {
    const s = this.need();
    if (s.era === "session") {
      await this.request("logging/setLevel", { level }, options);
    } else if (!hasCapability(s.serverCapabilities, "logging")) {
      throw new LocalError("capability_missing", 'the server did not declare the capability "logging"');
    }
    this.logLevel = level;
  }

  /**
   * Asks a 2026-07-28 server again what it offers (refreshing the capabilities the client checks
   * against). The result's cache hints (`ttlMs`, `cacheScope`) are the server's, as it sent them;
   * absent when it sent none.
   *
   * @example
   * ```ts
   * const { capabilities, ttlMs } = await client.discover();
   * const freshUntil = ttlMs === undefined ? Date.now() : Date.now() + Math.max(0, ttlMs);
   * ```
   */
  async discover(options?: CallOptions): Promise<T.DiscoverResult> {
    const s = this.need();
    if (!s.stateless)
      throw new LocalError("method_unavailable", `server/discover is not part of revision ${s.revision}`);
    const outcome = await s.stateless.discover(options);
    this.settled = {
      ...s,
      serverCapabilities: outcome.serverCapabilities,
      instructions: outcome.instructions,
    };
    return discoverResult(outcome);
  }

  /** Opens a `subscriptions/listen` stream (2026-07-28): its change notifications reach this client's events. */
  listen(filter: T.SubscriptionFilter, options: { readonly signal?: AbortSignal } = {}): Subscription {
    this.need();
    return this.listeners.start(this.listenHost, filter, options.signal);
  }

  /** Replaces the roots and tells the server (`notifications/roots/list_changed`, session era). */
  async setRoots(roots: RootsSource): Promise<void> {
    if (!this.handlers.hasRoots)
      throw new LocalError("capability_not_declared", "this client was created without roots");
    this.handlers.setRoots(roots);
    if (this.settled?.era === "session" && !this.settled.connection.isClosed) {
      await this.settled.connection.notify("notifications/roots/list_changed");
    }
  }

  /** Closes the connection; pending requests reject with `LocalError("connection_closed")`. */
  async close(): Promise<void> {
    this.healer.stop();
    await this.settled?.connection.close();
    this.cache?.clear();
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
      refresh: (kind) =>
        !this.listed.has(kind)
          ? undefined
          : kind === "tools"
            ? this.listTools({ fresh: true })
            : kind === "prompts"
              ? this.listPrompts({ fresh: true })
              : this.listResources({ fresh: true }),
      report: (error) => this.report(error),
    });
  }

  private async page<I>(
    method: string,
    field: string,
    cursor: string | undefined,
    options?: CallOptions,
  ): Promise<T.Page<I>> {
    return toPage<I>(await this.request(method, cursor === undefined ? {} : { cursor }, options), field);
  }

  private listAll<I>(method: string, field: string, options: ListOptions = {}): Promise<I[]> {
    const { maxPages = this.options.maxPages ?? 100, ...callOptions } = options;
    return collectPages((cursor) => this.page<I>(method, field, cursor, callOptions), maxPages, method);
  }

  private sessionOnly(method: string, instead: string): void {
    const s = this.need();
    if (s.era !== "session")
      throw new LocalError(
        "method_unavailable",
        `${method} is not part of revision ${s.revision}; ${instead}`,
      );
  }

  private need(): Settled {
    if (!this.settled)
      throw new ClientError("not_connected", "the client is not connected: call connect() first");
    return this.settled;
  }

  private report(error: Error): void {
    try {
      this.options.onError?.(error);
    } catch {
      // A failing error hook must not break the client.
    }
    logTo(this.options.logger, "error", { err: error }, error.message);
  }
}
