import {
  type Bus,
  type Capabilities,
  type ExtensionSettings,
  type ImplementationInfo,
  MemoryBus,
  settleTelemetry,
  type Transport,
} from "@mcpkit/core";
import { derivedCapabilities } from "./capability-fields.js";
import type { ServerContext } from "./context.js";
import { type ExtensionTarget, installExtension } from "./extensions/install.js";
import type { ServerExtension } from "./extensions/extension.js";
import type { PromptRegistration } from "./features/prompts.js";
import { type ResourceRegistration, type TemplateRegistration, templateOf } from "./features/resources.js";
import {
  type StandardPromptDefinition,
  type StandardPromptHandler,
  standardPrompt,
} from "./features/standard-prompt.js";
import { standardTool, type ToolRegistration } from "./features/tools.js";
import { type FleetChange, FleetChanges } from "./fleet-changes.js";
import type { ArgumentsOf, StructuredOf, StructuredOfStandard } from "./from-schema.js";
import { hostSettings } from "./host-settings.js";
import { reporter } from "./logger.js";
import type { Middleware } from "./middleware.js";
import type { RegistrationHandle, Registry } from "./registry.js";
import type { AuthorizationOptions } from "./scopes.js";
import { builtinHandlers, featureEnv, offerings } from "./server-offerings.js";
import type { ServerOptions } from "./server-options.js";
import {
  type ListKind,
  type ServerNotificationHandler,
  type ServerRequestHandler,
  ServerSession,
  type SessionHost,
} from "./session.js";
import type { StandardOutput, StandardSchemaV1 } from "./standard-schema.js";
// tasks (2025-11-25): begin
import { allowsTasks } from "./tasks/tool-call-task.js";
import { ToolTasks } from "./tasks/tool-tasks.js";
// tasks: end
import type {
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

export type { ServerOptions } from "./server-options.js";

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
    const offered = offerings((kind) => this.changed(kind));
    this.tools = offered.tools;
    this.resources = offered.resources;
    this.templates = offered.templates;
    this.prompts = offered.prompts;
    const report = reporter(options.onError, options.logger);
    const bus = options.bus ?? new MemoryBus();
    this.bus = bus;
    this.fleet = new FleetChanges(bus, (change) => this.applyChange(change), report);
    // tasks (2025-11-25)
    this.tasks = options.tasks === false ? undefined : new ToolTasks(options.tasks, bus);
    const builtins = builtinHandlers(
      offered,
      featureEnv(options),
      report,
      this.tasks,
      () => this.capabilities,
    );
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
