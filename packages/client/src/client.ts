import {
  type Capabilities,
  type Connection,
  declaredExtensions,
  type ExtensionSettings,
  hasCapability,
  type JsonObject,
  LocalError,
  type Params,
} from "@mcpkit/core";
import type { Era, Revision } from "@mcpkit/schema";
import type { CallToolAsTaskOptions, CallToolOptions, ListOptions } from "./call-options.js";
import { ClientCore } from "./client-core.js";
import { discoverResult } from "./era/discover-result.js";
import type { Unsubscribe } from "./events.js";
import type { CallOptions } from "./features/calls.js";
import type { Subscription } from "./features/listen.js";
import type { ClientEvents } from "./features/notifications.js";
import { completeResult, promptResult, readResult } from "./features/results.js";
import type { ClientMiddleware } from "./middleware/middleware.js";
import type { ClientOptions, RootsSource, TransportSource } from "./options.js";
import { tasksOf } from "./tasks/session-call.js";
import type { TaskInfo, TaskRequest, ToolTask } from "./tasks/tool-task.js";
import type * as T from "./types.js";

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
  /** The connection, its healer and what requests are sent with (client-core.ts). */
  private readonly core: ClientCore;

  constructor(options: ClientOptions) {
    this.core = new ClientCore(options);
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
    await this.core.connect(source, options.signal);
  }

  /** The negotiated revision, e.g. `"2025-06-18"` or `"2026-07-28"`. */
  get revision(): Revision | undefined {
    return this.core.settled?.revision;
  }
  /** `session` (initialize) or `stateless` (2026-07-28). */
  get era(): Era | undefined {
    return this.core.settled?.era;
  }
  get serverInfo(): T.Implementation | undefined {
    return this.core.settled?.serverInfo as T.Implementation | undefined;
  }
  get serverCapabilities(): T.ServerCapabilities | undefined {
    return this.core.settled?.serverCapabilities as T.ServerCapabilities | undefined;
  }
  get instructions(): string | undefined {
    return this.core.settled?.instructions;
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
    return declaredExtensions(this.core.settled?.serverCapabilities as Capabilities | undefined);
  }
  /** The capabilities this client declares (one per handler given, `experimental`, extensions). */
  get capabilities(): Capabilities {
    return this.core.capabilities;
  }
  /** The underlying connection, for custom methods and diagnostics. */
  get connection(): Connection {
    return this.core.need().connection;
  }

  /** Listens to an event; returns the function that stops listening. */
  on<K extends keyof ClientEvents>(event: K, listener: (value: ClientEvents[K]) => void): Unsubscribe {
    return this.core.events.on(event, listener);
  }

  /**
   * Sends any request (custom methods included), the way the settled era wants it. When the
   * connection is lost before the answer, the request is sent again once the client has
   * reconnected if it is safe to repeat (see docs/client.md, "Healing"; `retry` decides otherwise).
   */
  request(method: string, params: Params = {}, options: CallOptions = {}): Promise<JsonObject> {
    return this.core.request(method, params, options);
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
    this.core.middleware.add(middleware);
    return this;
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
  listTools(options?: ListOptions): Promise<T.Tool[]> {
    return this.core.listTools(options);
  }
  /** One page of `tools/list`, from `cursor` (the first page without one). */
  listToolsPage(cursor?: string, options?: CallOptions): Promise<T.Page<T.Tool>> {
    return this.core.page("tools/list", "tools", cursor, options);
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
    if (options.task !== undefined) return this.core.callToolAsTask(params, options.task, options);
    return this.core.callToolPlain(params, options);
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
    this.core.need();
    return this.core.tasks.resume(taskId, options);
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
    return tasksOf(await this.core.listAll<JsonObject>("tasks/list", "tasks", options));
  }
  /** One page of `tasks/list`, from `cursor` (the first page without one). */
  async listTasksPage(cursor?: string, options?: CallOptions): Promise<T.Page<TaskInfo>> {
    const page = await this.core.page<JsonObject>("tasks/list", "tasks", cursor, options);
    return { ...page, items: tasksOf(page.items) };
  }

  /** All resources, every page (bounded by `maxPages`). */
  async listResources(options?: ListOptions): Promise<T.Resource[]> {
    const resources = await this.core.listAll<T.Resource>("resources/list", "resources", options);
    this.core.listed.add("resources");
    return resources;
  }
  /** One page of `resources/list`, from `cursor` (the first page without one). */
  listResourcesPage(cursor?: string, options?: CallOptions): Promise<T.Page<T.Resource>> {
    return this.core.page("resources/list", "resources", cursor, options);
  }
  /** All resource templates, every page (bounded by `maxPages`). */
  listResourceTemplates(options?: ListOptions): Promise<T.ResourceTemplate[]> {
    return this.core.listAll("resources/templates/list", "resourceTemplates", options);
  }
  /** One page of `resources/templates/list`, from `cursor` (the first page without one). */
  listResourceTemplatesPage(cursor?: string, options?: CallOptions): Promise<T.Page<T.ResourceTemplate>> {
    return this.core.page("resources/templates/list", "resourceTemplates", cursor, options);
  }
  /** Reads a resource's contents (`resources/read`). */
  async readResource(uri: string, options?: CallOptions): Promise<T.ReadResourceResult> {
    return readResult(await this.request("resources/read", { uri }, options));
  }
  /** Session era only; in 2026-07-28 subscribe through {@link Client.listen} (`resourceSubscriptions`). */
  async subscribeResource(uri: string, options?: CallOptions): Promise<void> {
    this.core.sessionOnly("resources/subscribe", "listen({ resourceSubscriptions: [uri] })");
    await this.request("resources/subscribe", { uri }, options);
    this.core.subscribed.add(uri);
  }
  /** Session era only: stops the updates of a resource subscribed with {@link Client.subscribeResource}. */
  async unsubscribeResource(uri: string, options?: CallOptions): Promise<void> {
    this.core.sessionOnly("resources/unsubscribe", "close the listen subscription");
    await this.request("resources/unsubscribe", { uri }, options);
    this.core.subscribed.delete(uri);
  }

  /** All prompts, every page (bounded by `maxPages`). */
  async listPrompts(options?: ListOptions): Promise<T.Prompt[]> {
    const prompts = await this.core.listAll<T.Prompt>("prompts/list", "prompts", options);
    this.core.listed.add("prompts");
    return prompts;
  }
  /** One page of `prompts/list`, from `cursor` (the first page without one). */
  listPromptsPage(cursor?: string, options?: CallOptions): Promise<T.Page<T.Prompt>> {
    return this.core.page("prompts/list", "prompts", cursor, options);
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
    const s = this.core.need();
    if (s.era === "session") {
      await this.request("logging/setLevel", { level }, options);
    } else if (!hasCapability(s.serverCapabilities, "logging")) {
      throw new LocalError("capability_missing", 'the server did not declare the capability "logging"');
    }
    this.core.logLevel = level;
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
    const s = this.core.need();
    if (!s.stateless)
      throw new LocalError("method_unavailable", `server/discover is not part of revision ${s.revision}`);
    const outcome = await s.stateless.discover(options);
    this.core.settled = {
      ...s,
      serverCapabilities: outcome.serverCapabilities,
      instructions: outcome.instructions,
    };
    return discoverResult(outcome);
  }

  /** Opens a `subscriptions/listen` stream (2026-07-28): its change notifications reach this client's events. */
  listen(filter: T.SubscriptionFilter, options: { readonly signal?: AbortSignal } = {}): Subscription {
    this.core.need();
    return this.core.listeners.start(this.core.listenHost, filter, options.signal);
  }

  /** Replaces the roots and tells the server (`notifications/roots/list_changed`, session era). */
  async setRoots(roots: RootsSource): Promise<void> {
    if (!this.core.handlers.hasRoots)
      throw new LocalError("capability_not_declared", "this client was created without roots");
    this.core.handlers.setRoots(roots);
    if (this.core.settled?.era === "session" && !this.core.settled.connection.isClosed) {
      await this.core.settled.connection.notify("notifications/roots/list_changed");
    }
  }

  /** Closes the connection; pending requests reject with `LocalError("connection_closed")`. */
  async close(): Promise<void> {
    this.core.healer.stop();
    await this.core.settled?.connection.close();
    this.core.cache?.clear();
  }
}
