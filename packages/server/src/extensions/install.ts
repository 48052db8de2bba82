import {
  declaresExtension,
  ErrorCode,
  McpError,
  truncateEcho,
  type ExtensionSettings,
  extensionNotDeclared,
  isExtensionId,
  type JsonObject,
} from "@mcpkit/core";
import type { Server } from "../server.js";
import type { ServerNotificationHandler, ServerRequestHandler } from "../session.js";
import type { ExtensionMetaKey, ServerExtension, ServerExtensionApi } from "./extension.js";

/** The parts of a server definition an extension may add to. */
export interface ExtensionTarget {
  readonly server: Server;
  readonly requestHandlers: Map<string, ServerRequestHandler>;
  readonly notificationHandlers: Map<string, ServerNotificationHandler>;
  /** Declared extensions by id; what the `extensions` capability is built from. */
  readonly declared: Map<string, ExtensionSettings>;
  /** Capability members added by extensions. */
  readonly fields: Map<string, JsonObject>;
  /** Request methods extensions define (dispatched even where a revision does not define them). */
  readonly defined: Set<string>;
  /** `_meta` keys claimed, with the extension that claimed each. */
  readonly metaKeys: Map<string, string>;
  /** The capabilities changed. */
  changed(): void;
}

/**
 * Installs one extension: validates its id, declares it, and lets it add its methods. Only its own
 * methods get the declaration check, so ordinary requests keep their single lookup.
 */
export function installExtension(target: ExtensionTarget, extension: ServerExtension): void {
  const { id } = extension;
  if (!isExtensionId(id))
    throw new TypeError(`extension id ${JSON.stringify(id)} is not of the form vendor-prefix/name`);
  if (target.declared.has(id)) throw new Error(`the extension ${id} is already installed`);
  const settings = extension.settings ?? {};
  const api: ServerExtensionApi = {
    id,
    settings,
    server: target.server,
    request(method, handler, options = {}) {
      if (target.requestHandlers.has(method))
        throw new Error(`extension ${id}: the method ${method} is already handled`);
      target.defined.add(method);
      if (options.requireDeclared === false) {
        target.requestHandlers.set(method, handler);
        return;
      }
      target.requestHandlers.set(method, (params, ctx) => {
        if (!declaresExtension(ctx.client.capabilities, id)) throw extensionNotDeclared(id, method, ctx.era);
        return handler(params, ctx);
      });
    },
    wrap(method, wrap, options = {}) {
      if (options.defines === true) target.defined.add(method);
      const next: ServerRequestHandler =
        target.requestHandlers.get(method) ??
        ((_params, ctx) => {
          throw new McpError(ErrorCode.MethodNotFound, "Method not found", {
            method: truncateEcho(ctx.method),
          });
        });
      target.requestHandlers.set(method, wrap(next));
    },
    notification(method, handler) {
      if (target.notificationHandlers.has(method))
        throw new Error(`extension ${id}: the notification ${method} is already handled`);
      target.notificationHandlers.set(method, (params, ctx) => {
        // A notification cannot be answered with an error: one from a session-era client that did
        // not declare the extension is dropped.
        if (ctx.session.era === "session" && !declaresExtension(ctx.session.client.capabilities, id)) return;
        return handler(params, ctx);
      });
    },
    capability(field, value) {
      if (field === "extensions")
        throw new Error(`extension ${id}: the extensions capability is built from the installed extensions`);
      target.fields.set(field, { ...target.fields.get(field), ...value });
      target.changed();
    },
    metaKey(key): ExtensionMetaKey {
      if (!isExtensionId(key)) throw new TypeError(`_meta key ${JSON.stringify(key)} needs a vendor prefix`);
      const owner = target.metaKeys.get(key);
      if (owner !== undefined) throw new Error(`the _meta key ${key} is already claimed by ${owner}`);
      target.metaKeys.set(key, id);
      return { key, read: (meta) => meta?.[key] };
    },
  };
  target.declared.set(id, settings);
  extension.install(api);
  target.changed();
}
