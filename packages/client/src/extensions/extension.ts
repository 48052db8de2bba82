import type { ExtensionSettings, JsonObject, NotificationHandler, RequestHandler } from "@mcpkit/core";

/**
 * What a client extension's `install` gets: ways to add the server-to-client methods and
 * notifications its specification defines, and capability fields, to one client definition.
 */
export interface ClientExtensionApi {
  /** The extension's identifier, e.g. `com.example/echo`. */
  readonly id: string;
  /** The settings the client declares for it (`{}` when none). */
  readonly settings: ExtensionSettings;
  /**
   * Answers a server-to-client request (session era). Refused with -32601 when the server did not
   * declare the extension; a method already handled throws.
   */
  request(method: string, handler: RequestHandler): void;
  /** Handles a server notification (dropped when the server did not declare the extension). */
  notification(method: string, handler: NotificationHandler): void;
  /** Adds a top-level capability member the client declares (each revision carries only its own). */
  capability(field: string, value: JsonObject): void;
}

/**
 * A client extension. List it in `new Client({ extensions: [...] })`: the client declares it in
 * its `extensions` capability (at `initialize`, and in every 2026-07-28 request envelope) and
 * installs its handlers.
 *
 * @example
 * ```ts
 * const echo: ClientExtension = {
 *   id: "com.example/echo",
 *   install(api) {
 *     api.notification("notifications/echo/heard", (params) => console.log(params.text));
 *   },
 * };
 * const client = new Client({ clientInfo: { name: "c", version: "1" }, extensions: [echo] });
 * ```
 */
export interface ClientExtension {
  /** `{vendor-prefix}/{extension-name}`. */
  readonly id: string;
  /** The settings object declared for it; `{}` (the default) means supported with no settings. */
  readonly settings?: ExtensionSettings;
  install(api: ClientExtensionApi): void;
}
