import {
  type Capabilities,
  type Connection,
  declaresExtension,
  ErrorCode,
  type ExtensionSettings,
  isExtensionId,
  type JsonObject,
  McpError,
  type NotificationHandler,
  type RequestHandler,
} from "@mcpkit/core";
import type {
  ClientExtension,
  ClientExtensionApi,
  ExtensionCall,
  ExtensionOutcome,
  ResultTypeHandler,
} from "./extension.js";

/**
 * A client definition's installed extensions: what they declare, and the handlers they add, put
 * on each connection the client makes.
 */
export class InstalledExtensions {
  private readonly declared = new Map<string, ExtensionSettings>();
  private readonly fields = new Map<string, JsonObject>();
  private readonly requests = new Map<string, RequestHandler>();
  private readonly notifications = new Map<string, NotificationHandler>();
  private readonly resultTypes = new Map<string, ResultTypeHandler>();

  constructor(extensions: readonly ClientExtension[]) {
    for (const extension of extensions) this.install(extension);
  }

  /** The extensions declared, by id, with their settings. */
  get extensions(): ReadonlyMap<string, ExtensionSettings> {
    return this.declared;
  }

  /** `base` with the extensions' capability members and the `extensions` field added. */
  capabilities(base: Capabilities): Capabilities {
    if (this.declared.size === 0 && this.fields.size === 0) return base;
    return {
      ...Object.fromEntries(this.fields),
      ...base,
      ...(this.declared.size === 0 ? {} : { extensions: Object.fromEntries(this.declared) }),
    };
  }

  /** Whether an installed extension claims a `resultType`. */
  claims(type: unknown): boolean {
    return typeof type === "string" && this.resultTypes.has(type);
  }

  /** What the extension that claims the result's `resultType` makes of it; undefined when none does. */
  interpret(result: JsonObject, call: ExtensionCall): ExtensionOutcome | undefined {
    const type = result.resultType;
    const handler = typeof type === "string" ? this.resultTypes.get(type) : undefined;
    return handler?.(result, call);
  }

  /** Puts the extensions' handlers on a connection. */
  register(connection: Connection): void {
    for (const [method, handler] of this.requests) connection.setRequestHandler(method, handler);
    for (const [method, handler] of this.notifications) connection.setNotificationHandler(method, handler);
  }

  private install(extension: ClientExtension): void {
    const { id } = extension;
    if (!isExtensionId(id))
      throw new TypeError(`extension id ${JSON.stringify(id)} is not of the form vendor-prefix/name`);
    if (this.declared.has(id)) throw new Error(`the extension ${id} is already installed`);
    const settings = extension.settings ?? {};
    this.declared.set(id, settings);
    const api: ClientExtensionApi = {
      id,
      settings,
      request: (method, handler) => {
        if (this.requests.has(method))
          throw new Error(`extension ${id}: the method ${method} is already handled`);
        this.requests.set(method, (params, ctx) => {
          // Only session-era servers send requests; the revisions before 2026-07-28 have no
          // -32021, and to a server that did not declare the extension its methods do not exist.
          if (!declaresExtension(ctx.peer.capabilities, id)) {
            throw new McpError(ErrorCode.MethodNotFound, "Method not found", {
              method,
              reason: `the server did not declare the extension ${id}`,
            });
          }
          return handler(params, ctx);
        });
      },
      notification: (method, handler) => {
        if (this.notifications.has(method))
          throw new Error(`extension ${id}: the notification ${method} is already handled`);
        this.notifications.set(method, (params, ctx) => {
          if (!declaresExtension(ctx.peer.capabilities, id)) return;
          return handler(params, ctx);
        });
      },
      resultType: (type, handler) => {
        if (type === "complete" || type === "input_required")
          throw new Error(`extension ${id}: the resultType ${type} belongs to the core protocol`);
        if (this.resultTypes.has(type))
          throw new Error(`extension ${id}: the resultType ${type} is already claimed`);
        this.resultTypes.set(type, handler);
      },
      capability: (field, value) => {
        if (field === "extensions")
          throw new Error(
            `extension ${id}: the extensions capability is built from the installed extensions`,
          );
        this.fields.set(field, { ...this.fields.get(field), ...value });
      },
    };
    extension.install(api);
  }
}
