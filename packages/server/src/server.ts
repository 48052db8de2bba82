import {
  type Bus,
  type Capabilities,
  type ExtensionSettings,
  type ImplementationInfo,
  MemoryBus,
  type RequestStateSealerOptions,
  settleTelemetry,
  type TelemetryOption,
  type Transport,
} from "@mcpkit/core";
import { type FleetChange, FleetChanges } from "./fleet-changes.js";
import type { Revision } from "@mcpkit/schema";
import { completionHandlers } from "./features/completions.js";
import { listenHandler } from "./features/listen.js";
import { type PromptRegistration, promptHandlers } from "./features/prompts.js";
import {
  type StandardPromptDefinition,
  type StandardPromptHandler,
  standardPrompt,
} from "./features/standard-prompt.js";
import {
  type ResourceRegistration,
  resourceHandlers,
  type TemplateRegistration,
  templateOf,
} from "./features/resources.js";
import type { FeatureEnv } from "./features/shared.js";
import type { ServerExtension } from "./extensions/extension.js";
import { type ExtensionTarget, installExtension } from "./extensions/install.js";
import { assertParamHeaderAnnotations } from "./features/param-headers.js";
import { assertToolName } from "./features/tool-name.js";
// tasks (2025-11-25): begin
import {
  allowsTasks,
  assertTaskSupport,
  onlyAtTaskRevision,
  taskAwareToolCall,
} from "./tasks/tool-call-task.js";
import { type TaskOptions, ToolTasks } from "./tasks/tool-tasks.js";
// tasks: end
import { standardTool, type ToolRegistration, toolHandlers } from "./features/tools.js";
import { type LoggingOptions, isLogLevel } from "./logging.js";
import { type Logger, reporter } from "./logger.js";
import type { Middleware } from "./middleware.js";
import type { AuthorizationOptions } from "./scopes.js";
import { Paginator } from "./pagination.js";
import { derivedCapabilities } from "./capability-fields.js";
import { hostSettings } from "./host-settings.js";
import { type RegistrationHandle, Registry } from "./registry.js";
import {
  type ListKind,
  type ServerNotificationHandler,
  type ServerRequestHandler,
  ServerSession,
  type SessionHost,
} from "./session.js";
import type {
  CacheHint,
  LoggingLevel,
  PromptDefinition,
  PromptHandler,
  ReadHandler,
  ResourceDefinition,
  ResourceTemplateDefinition,
  StandardToolDefinition,
  TemplateReadHandler,
  ToolDefinition,
  ToolHandler,
} from "./types.js";
import type { ServerContext } from "./context.js";
import { MemorySubscriptionStore, type SubscriptionStore } from "./subscription-store.js";
import type { StandardOutput, StandardSchemaV1, ToJsonSchema } from "./standard-schema.js";
import type { ArgumentsOf, StructuredOf, StructuredOfStandard } from "./from-schema.js";

/** Options of a {@link Server}. */
export interface ServerOptions {
  /** Sent in `InitializeResult` and `server/discover`. */
  readonly instructions?: string;
  /**
   * Merged over the capabilities derived from what is registered (tools, resources, prompts,
   * completions, logging). Use it for `experimental`, `extensions`, or to turn one off. Each
   * client is sent only the members its revision defines. `tasks` is derived (2025-11-25) when a
   * tool allows task-augmented calls.
   */
  readonly capabilities?: Capabilities;
  /**
   * Extensions to install (off unless listed): each is declared in the `extensions` capability
   * with its settings, and adds its methods. See {@link Server.extension}.
   */
  readonly extensions?: readonly ServerExtension[];
  /**
   * Task-augmented `tools/call` (2025-11-25): the store, the longest TTL, the poll interval. Tasks
   * are served for tools whose `execution.taskSupport` is `"optional"` or `"required"`; `false`
   * turns them off (such tools are then called plainly). See `docs/tasks.md`.
   */
  readonly tasks?: TaskOptions | false;
  /** The revisions served, of either era. Default: all. */
  readonly revisions?: readonly Revision[];
  /** Items per page of every list. Default 100. */
  readonly pageSize?: number;
  /** Logging (`false` to not offer it). */
  readonly logging?: LoggingOptions | false;
  /** Cache hints of 2026-07-28 results. Defaults: lists and discover 60 s public; reads 0 ms private. */
  readonly cache?: { readonly list?: CacheHint; readonly read?: CacheHint; readonly discover?: CacheHint };
  /** How `requestState` and pagination cursors are sealed; share `secret` across a server fleet. */
  readonly requestState?: RequestStateSealerOptions;
  /** Timeout of server-to-client requests (elicitation, sampling, roots), in ms. Default 60 000. */
  readonly timeoutMs?: number;
  /** Validate every outbound message against the client's revision. Default false. */
  readonly validateOutbound?: boolean;
  /**
   * The most messages one JSON-RPC batch (2025-03-26 clients) may hold; a larger batch is refused
   * whole with one -32600 error and none of it runs. Default 100 (`DEFAULT_MAX_BATCH_SIZE` of
   * `@mcpkit/core`).
   */
  readonly maxBatchSize?: number;
  /**
   * Derives the JSON Schema served for a Standard Schema tool that gives none (a tool's own
   * `toJsonSchema` wins), e.g. `(schema, io) => z.toJSONSchema(schema as z.ZodType, { io })`.
   * Schemas with a Standard JSON Schema converter of their own (zod 4.2+) need no hook.
   */
  readonly toJsonSchema?: ToJsonSchema;
  /**
   * How the scope checks of tools, resources and prompts (their `scopes`) word their challenge:
   * the protected-resource metadata URL to name. See {@link AuthorizationOptions}.
   */
  readonly authorization?: AuthorizationOptions;
  /** Where session-era resource subscriptions are kept. Default: a {@link MemorySubscriptionStore}. */
  readonly subscriptions?: SubscriptionStore;
  /**
   * The bus of the fleet this server is part of (the same as its HTTP handlers'): list changes and
   * `resourceUpdated` reach the sessions of every process, in both eras (listen streams included),
   * and a task is cancelled, and its `tasks/result` callers woken, whichever process serves the
   * request. Default: a `MemoryBus` of this server (one process).
   */
  readonly bus?: Bus;
  /** Problems with no caller to report to (a failing notification, a handler crash). */
  readonly onError?: (error: Error) => void;
  /**
   * A structured, pino-compatible logger (pino, a child of one, `console`): `error` for what
   * `onError` gets, `warn` for tool handlers that threw (answered as `isError` results), `debug`
   * for log messages the rate limit dropped. Default: none.
   */
  readonly logger?: Logger;
  /**
   * OpenTelemetry spans of every request (SERVER kind, children of the `traceparent` the request
   * carries in `_meta`), named and attributed per the OpenTelemetry semantic conventions for MCP.
   * Default: on when `@opentelemetry/api` can be imported (an optional peer, looked for once when
   * the server is made; requests served before it is found have no spans); `false` turns them
   * off; or give the module (used at once).
   */
  readonly telemetry?: TelemetryOption;
}

/**
 * An MCP server definition: what it offers (tools, resources, templates, prompts, completions,
 * handlers of any method) and how. It is separate from its sessions: `connect` serves one
 * transport, and may be called any number of times, over any transports, for clients of any
 * revision (2024-11-05 to 2026-07-28). Capabilities follow from what is registered.
 *
 * @example
 * ```ts
 * const server = new Server({ name: "weather", version: "1.0.0" });
 * server.tool(
 *   {
 *     name: "forecast",
 *     inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
 *   },
 *   async ({ city }) => ({ content: [{ type: "text", text: `Sunny in ${String(city)}` }] }),
 * );
 * await server.connect(new StdioServerTransport());
 * ```
 */
export class Server {
  private readonly tools: Registry<ToolRegistration>;
  private readonly resources: Registry<ResourceRegistration>;
  private readonly templates: Registry<TemplateRegistration>;
  private readonly prompts: Registry<PromptRegistration>;
  private readonly requestHandlers = new Map<string, ServerRequestHandler>();
  private readonly notificationHandlers = new Map<string, ServerNotificationHandler>();
  private readonly middleware: Middleware[] = [];
  private readonly live = new Set<ServerSession>();
  private readonly pendingChanges = new Set<ListKind>();
  private readonly host: SessionHost;
  /** What `capabilities` derived, until the registrations change. */
  private derivedCapabilities: Capabilities | undefined;
  private readonly installed: ExtensionTarget;
  /** Task-augmented `tools/call` and `tasks/*` (undefined when `options.tasks` is false). */
  readonly tasks: ToolTasks | undefined;
  private readonly fleet: FleetChanges;
  /** The bus this server shares with the rest of its fleet (`options.bus`, else its own `MemoryBus`). */
  readonly bus: Bus;

  constructor(
    readonly info: ImplementationInfo,
    private readonly options: ServerOptions = {},
  ) {
    this.tools = new Registry<ToolRegistration>(
      (t) => t.name,
      "tool",
      () => this.changed("tools"),
      (tool) => {
        assertToolName(tool.name);
        assertTaskSupport(tool);
        assertParamHeaderAnnotations(tool);
      },
    );
    this.resources = new Registry(
      (r) => r.uri,
      "resource",
      () => this.changed("resources"),
    );
    this.templates = new Registry(
      (t) => t.uriTemplate,
      "resource template",
      () => this.changed("resources"),
    );
    this.prompts = new Registry(
      (p) => p.name,
      "prompt",
      () => this.changed("prompts"),
    );
    const report = reporter(options.onError, options.logger);
    const env: FeatureEnv = {
      paginator: new Paginator(options.pageSize ?? 100, options.requestState?.secret),
      listCache: options.cache?.list ?? { ttlMs: 60_000, cacheScope: "public" },
      readCache: options.cache?.read ?? { ttlMs: 0, cacheScope: "private" },
      authorization: options.authorization ?? {},
      logger: options.logger,
    };
    const tools = toolHandlers(this.tools, env, report);
    const builtins: Record<string, ServerRequestHandler> = {
      ...tools,
      ...resourceHandlers(this.resources, this.templates, env),
      ...promptHandlers(this.prompts, env),
      ...completionHandlers(this.prompts, this.templates),
      "logging/setLevel": (params, ctx) => {
        if (isLogLevel(params.level)) ctx.session.logLevel = params.level;
        return {};
      },
      "subscriptions/listen": listenHandler,
    };
    const bus = options.bus ?? new MemoryBus();
    this.bus = bus;
    this.fleet = new FleetChanges(bus, (change) => this.applyChange(change), report);
    // tasks (2025-11-25): begin
    this.tasks = options.tasks === false ? undefined : new ToolTasks(options.tasks, bus);
    if (this.tasks) {
      const declared = () => {
        const tasks = this.capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
        return tasks?.requests?.tools?.call !== undefined;
      };
      builtins["tools/call"] = taskAwareToolCall(
        tools["tools/call"] as ServerRequestHandler,
        (name) => this.tools.get(name),
        this.tasks,
        declared,
        env.authorization,
      );
      for (const [method, handler] of Object.entries(this.tasks.handlers()))
        builtins[method] = onlyAtTaskRevision(handler);
    }
    // tasks: end
    for (const [method, handler] of Object.entries(builtins)) this.requestHandlers.set(method, handler);
    this.installed = {
      server: this,
      requestHandlers: this.requestHandlers,
      notificationHandlers: this.notificationHandlers,
      declared: new Map(),
      fields: new Map(),
      defined: new Set(),
      metaKeys: new Map(),
      changed: () => this.capabilitiesChanged(),
    };
    for (const extension of options.extensions ?? []) installExtension(this.installed, extension);
    this.host = {
      ...hostSettings(info, options),
      middleware: this.middleware,
      requestHandlers: this.requestHandlers,
      notificationHandlers: this.notificationHandlers,
      extensionMethods: this.installed.defined,
      capabilities: () => this.capabilities,
      ended: (session) => this.live.delete(session),
      report,
    };
    settleTelemetry(options.telemetry, (telemetry) => {
      this.host.telemetry = telemetry;
    });
  }

  /**
   * The capabilities sessions declare: derived from registrations, then `options.capabilities` over
   * them. One object until the registrations change, shared by the sessions (treat it as read-only).
   */
  get capabilities(): Capabilities {
    this.derivedCapabilities ??= this.deriveCapabilities();
    return this.derivedCapabilities;
  }

  private deriveCapabilities(): Capabilities {
    return derivedCapabilities({
      logging: this.options.logging !== false,
      prompts: this.prompts.size,
      resources: this.resources.size + this.templates.size,
      templates: this.templates.size,
      tools: this.tools.size,
      taskTools: this.tasks !== undefined && this.tools.list().some(allowsTasks),
      declared: this.installed.declared,
      fields: this.installed.fields,
      explicit: this.options.capabilities,
    });
  }

  /**
   * Installs an extension (see {@link ServerExtension}): it is declared in the `extensions`
   * capability with its settings, and its methods are served, each refused to clients that did not
   * declare the extension. Install before clients connect: a session-era client keeps what
   * `initialize` announced.
   *
   * @example
   * ```ts
   * server.extension({
   *   id: "com.example/echo",
   *   install: (api) => api.request("echo/ping", (params) => ({ echoed: params.text ?? null })),
   * });
   * ```
   */
  extension(extension: ServerExtension): this {
    installExtension(this.installed, extension);
    return this;
  }

  /** The extensions this server declares, by id, with their settings. */
  get extensions(): ReadonlyMap<string, ExtensionSettings> {
    return this.installed.declared;
  }

  private capabilitiesChanged(): void {
    this.derivedCapabilities = undefined;
    for (const session of this.live) session.refreshCapabilities();
  }

  /** The sessions open now. */
  get sessions(): ReadonlySet<ServerSession> {
    return this.live;
  }

  /**
   * Serves one transport: a new session, whose era and revision the client's first request decides.
   * Resolves once the transport has started.
   *
   * @example
   * ```ts
   * const [clientSide, serverSide] = createInMemoryPair();
   * const session = await server.connect(serverSide);
   * ```
   */
  async connect(transport: Transport): Promise<ServerSession> {
    await this.fleet.join();
    const session = new ServerSession(this.host);
    this.live.add(session);
    await session.start(transport);
    return session;
  }

  /**
   * Adds middleware around every inbound request (the first added runs outermost).
   *
   * @example
   * ```ts
   * server.use(async (request, next) => (request.method === "ping" ? next() : next()));
   * ```
   */
  use(middleware: Middleware): this {
    this.middleware.push(middleware);
    return this;
  }

  /**
   * Handles a request method, replacing the built-in handler if there is one (custom and extension
   * methods included). Requests for methods the client's revision defines are validated first.
   *
   * @example
   * ```ts
   * server.setRequestHandler("acme/status", () => ({ healthy: true }));
   * ```
   */
  setRequestHandler(method: string, handler: ServerRequestHandler): void {
    this.requestHandlers.set(method, handler);
  }

  /** Removes the handler of a request method, whether `setRequestHandler` or the server set it. */
  removeRequestHandler(method: string): void {
    this.requestHandlers.delete(method);
  }

  /**
   * Handles a notification method.
   *
   * @example
   * ```ts
   * declare function refresh(session: ServerSession): void;
   * server.setNotificationHandler("notifications/roots/list_changed", (_params, { session }) => refresh(session));
   * ```
   */
  setNotificationHandler(method: string, handler: ServerNotificationHandler): void {
    this.notificationHandlers.set(method, handler);
  }

  /**
   * Registers a tool. Arguments are validated before `handler` runs: against `inputSchema` (with
   * `@mcpkit/json-schema`, formats asserted),
   * or, when the definition has `input`, by that Standard Schema (zod 4, valibot, ...), whose
   * output the handler gets.
   *
   * @example
   * ```ts
   * import { z } from "zod";
   *
   * const add = server.tool(
   *   { name: "add", inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } } },
   *   ({ a, b }) => ({ content: [{ type: "text", text: String(Number(a) + Number(b)) }] }),
   * );
   * add.disable();
   * server.tool({ name: "greet", input: z.object({ who: z.string() }) }, ({ who }) => ({
   *   content: [{ type: "text", text: `Hello ${who}` }],
   * }));
   * ```
   */
  tool<Input extends StandardSchemaV1, Output extends StandardSchemaV1 = StandardSchemaV1>(
    definition: StandardToolDefinition<Input, Output>,
    handler: ToolHandler<StandardOutput<Input>, StructuredOfStandard<Output>>,
  ): RegistrationHandle<ToolDefinition & { readonly handler: ToolHandler }>;
  tool<Args = never, const Definition extends ToolDefinition = ToolDefinition>(
    definition: Definition,
    handler: ToolHandler<
      [Args] extends [never] ? ArgumentsOf<Definition["inputSchema"]> : Args,
      StructuredOf<Definition["outputSchema"]>
    >,
  ): RegistrationHandle<ToolDefinition & { readonly handler: ToolHandler }>;
  tool(
    definition: ToolDefinition | StandardToolDefinition,
    handler: ToolHandler<never, never>,
  ): RegistrationHandle<ToolDefinition & { readonly handler: ToolHandler }> {
    const run = handler as unknown as ToolHandler;
    if ("input" in definition) {
      return this.tools.add(standardTool(definition, run, this.options.toJsonSchema));
    }
    return this.tools.add({ ...definition, handler: run });
  }

  /**
   * Registers a static resource.
   *
   * @example
   * ```ts
   * server.resource({ uri: "config://app", name: "app config", mimeType: "application/json" }, (uri) => ({
   *   contents: [{ uri, mimeType: "application/json", text: "{}" }],
   * }));
   * ```
   */
  resource(
    definition: ResourceDefinition,
    read: ReadHandler,
  ): RegistrationHandle<ResourceDefinition & { readonly handler: ReadHandler }> {
    return this.resources.add({ ...definition, handler: read });
  }

  /**
   * Registers a resource template (RFC 6570): reads of matching URIs get the matched variables.
   *
   * @example
   * ```ts
   * server.resourceTemplate({ uriTemplate: "users://{id}/profile", name: "user profile" }, (uri, { id }) => ({
   *   contents: [{ uri, text: `profile of ${String(id)}` }],
   * }));
   * ```
   */
  resourceTemplate(
    definition: ResourceTemplateDefinition,
    read: TemplateReadHandler,
    options: {
      readonly list?: (
        ctx: ServerContext,
      ) => readonly ResourceDefinition[] | Promise<readonly ResourceDefinition[]>;
    } = {},
  ): RegistrationHandle<ResourceTemplateDefinition & { readonly handler: TemplateReadHandler }> {
    templateOf(definition.uriTemplate); // a malformed template fails here, not at the first read
    return this.templates.add({
      ...definition,
      handler: read,
      ...(options.list ? { list: options.list } : {}),
    });
  }

  /**
   * Registers a prompt. Missing required arguments are answered -32602 before `handler` runs. With
   * `input` (a Standard Schema: zod 4, valibot, ...), the arguments are also parsed by it (-32602
   * naming the argument when they do not parse), the handler gets its output, the argument list is
   * derived from its JSON Schema, and `complete` gives completers by argument name.
   *
   * @example
   * ```ts
   * server.prompt({ name: "review", arguments: [{ name: "code", required: true }] }, ({ code }) => ({
   *   messages: [{ role: "user", content: { type: "text", text: `Review:\n${code}` } }],
   * }));
   * ```
   */
  prompt<Input extends StandardSchemaV1>(
    definition: StandardPromptDefinition<Input>,
    handler: StandardPromptHandler<StandardOutput<Input>>,
  ): RegistrationHandle<PromptDefinition & { readonly handler: PromptHandler }>;
  prompt(
    definition: PromptDefinition,
    handler: PromptHandler,
  ): RegistrationHandle<PromptDefinition & { readonly handler: PromptHandler }>;
  prompt(
    definition: PromptDefinition | StandardPromptDefinition,
    handler: PromptHandler | StandardPromptHandler<never>,
  ): RegistrationHandle<PromptDefinition & { readonly handler: PromptHandler }> {
    const run = handler as PromptHandler;
    if ("input" in definition)
      return this.prompts.add(standardPrompt(definition, run, this.options.toJsonSchema));
    return this.prompts.add({ ...definition, handler: run });
  }

  /**
   * How scope checks word their challenge (`options.authorization`), for extensions that check scopes.
   *
   * @example
   * ```ts
   * declare const ctx: ServerContext;
   * requireScopes(ctx, ["deploy:run"], "tool deploy", server.authorization);
   * ```
   */
  get authorization(): AuthorizationOptions {
    return this.options.authorization ?? {};
  }

  /**
   * The definition of the enabled tool registered under `name` (what extensions build on, e.g. its
   * `execution.taskSupport`), or undefined.
   *
   * @example
   * ```ts
   * server.toolDefinition("build")?.execution?.taskSupport; // "optional"
   * ```
   */
  toolDefinition(name: string): ToolDefinition | undefined {
    return this.tools.get(name);
  }

  /** Tells subscribers that a resource changed (`notifications/resources/updated`, or a listen-stream event). */
  resourceUpdated(uri: string): void {
    for (const session of this.live) session.resourceUpdated(uri);
    this.fleet.publish({ type: "resource", uri });
  }

  /** Another process of the fleet announced a change: this process's sessions hear it. */
  private applyChange(change: FleetChange): void {
    for (const session of this.live) {
      if (change.type === "resource") session.resourceUpdated(change.uri);
      else session.listChanged(change.kind);
    }
  }

  /** Logs to every session-era client, each at its own level. */
  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    await Promise.all([...this.live].map((s) => s.log(level, data, logger)));
  }

  /** Ends every session (listen streams get their final result first). */
  async close(): Promise<void> {
    await Promise.all([...this.live].map((s) => s.close()));
    await this.fleet.leave();
  }

  /** A registration changed: capabilities now, the notifications once the current job is done (coalesced). */
  private changed(kind: ListKind): void {
    this.capabilitiesChanged();
    if (this.pendingChanges.size === 0) queueMicrotask(() => this.flush());
    this.pendingChanges.add(kind);
  }

  private flush(): void {
    const kinds = [...this.pendingChanges];
    this.pendingChanges.clear();
    for (const session of this.live) for (const kind of kinds) session.listChanged(kind);
    // Registrations made while starting up (before any session) are no news to the fleet.
    if (this.fleet.joined) for (const kind of kinds) this.fleet.publish({ type: "list", kind });
  }
}
