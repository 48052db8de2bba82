import type { ExtensionSettings, JsonObject } from "@mcpkit/core";
import type { Server } from "../server.js";
import type { ServerNotificationHandler, ServerRequestHandler } from "../session.js";

/** Options of one request method an extension adds. */
export interface ExtensionMethodOptions {
  /**
   * Whether only clients that declared the extension may call it (default `true`): others are
   * refused, -32021 at 2026-07-28 and -32601 in the session era. `false` serves every client (an
   * extension whose method degrades gracefully).
   */
  readonly requireDeclared?: boolean;
}

/** Options of {@link ServerExtensionApi.wrap}. */
export interface ExtensionWrapOptions {
  /**
   * The extension defines this method, though an older revision defined one of the same name
   * (the tasks extension's `tasks/get`): it is then dispatched at revisions that do not define it,
   * rather than refused as a method of another revision. Default false.
   */
  readonly defines?: boolean;
}

/**
 * A `_meta` key an extension owns, and a typed way to read it from a request's `_meta`.
 *
 * @example
 * ```ts
 * declare const api: ServerExtensionApi;
 * const loud = api.metaKey("com.example/loud");
 * api.request("echo/ping", (params, ctx) => ({ loud: loud.read(ctx.meta) === true }));
 * ```
 */
export interface ExtensionMetaKey {
  readonly key: string;
  /** The key's value in a `_meta` object (undefined when absent). */
  read(meta: Readonly<Record<string, unknown>> | undefined): unknown;
}

/**
 * What an extension's `install` gets: ways to add its methods, notifications, capability fields
 * and `_meta` keys to one server definition. Everything it adds is the extension's own; the core
 * has no per-extension code.
 */
export interface ServerExtensionApi {
  /** The extension's identifier, e.g. `com.example/echo`. */
  readonly id: string;
  /** The settings the server declares for it (`{}` when none). */
  readonly settings: ExtensionSettings;
  /**
   * The server definition, for what an extension builds on the core's own features: resources it
   * publishes (`server.resource`), middleware around existing methods (`server.use`).
   */
  readonly server: Server;
  /**
   * Serves a request method. The handler gets the normal context (`ctx.client`, `ctx.signal`,
   * `ctx.elicit`, ...). A method name already handled (a built-in or another extension's) throws.
   */
  request(method: string, handler: ServerRequestHandler, options?: ExtensionMethodOptions): void;
  /**
   * Wraps the handler of a method: `wrap(next)` returns the handler that serves it from now on, and
   * may call `next` (the built-in's or an earlier extension's handler; "Method not found" when the
   * method had none). Unlike {@link request}, nothing checks the client's declaration: the wrapper
   * decides, e.g. serving its own extension's clients and passing every other request to `next`.
   *
   * @example
   * ```ts
   * declare const api: ServerExtensionApi;
   * api.wrap("tools/call", (next) => (params, ctx) => {
   *   if (ctx.meta["com.example/dry-run"] === true) return { content: [] };
   *   return next(params, ctx);
   * });
   * ```
   */
  wrap(
    method: string,
    wrap: (next: ServerRequestHandler) => ServerRequestHandler,
    options?: ExtensionWrapOptions,
  ): void;
  /** Handles a notification method (ignored from session-era clients that did not declare the extension). */
  notification(method: string, handler: ServerNotificationHandler): void;
  /**
   * Adds a top-level capability member (e.g. `experimental` or a field a revision defines). Each
   * client is still sent only the members its revision has.
   */
  capability(field: string, value: JsonObject): void;
  /** Claims a `_meta` key, which must carry a prefix (`vendor/name`); a key claimed twice throws. */
  metaKey(key: string): ExtensionMetaKey;
}

/**
 * A server extension: a module that adds what its specification defines to a server definition.
 * Install it with `new Server(info, { extensions: [...] })` or `server.extension(...)`; the server
 * then declares it in its `extensions` capability with `settings`.
 *
 * @example
 * ```ts
 * const echo: ServerExtension = {
 *   id: "com.example/echo",
 *   settings: { version: 1 },
 *   install(api) {
 *     api.request("echo/ping", (params) => ({ echoed: params.text ?? null }));
 *   },
 * };
 * const server = new Server({ name: "s", version: "1" }, { extensions: [echo] });
 * ```
 */
export interface ServerExtension {
  /** `{vendor-prefix}/{extension-name}`, e.g. `io.modelcontextprotocol/tasks`. */
  readonly id: string;
  /** The settings object declared for it; `{}` (the default) means supported with no settings. */
  readonly settings?: ExtensionSettings;
  /** Adds the extension's methods, notifications, capability members and `_meta` keys through `api`. */
  install(api: ServerExtensionApi): void;
}
