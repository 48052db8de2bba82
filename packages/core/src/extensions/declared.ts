import type { Capabilities } from "../eras/era.js";
import { ErrorCode } from "../jsonrpc/codes.js";
import { McpError } from "../errors.js";
import type { JsonObject } from "../engine/types.js";

/** An extension's settings object as a peer declared it (`{}`: supported, no settings). */
export type ExtensionSettings = Readonly<JsonObject>;

// Extension identifiers follow the `_meta` key rules with a mandatory prefix: dot-separated labels
// (a letter first, a letter or digit last, hyphens inside), a slash, then a name that starts and
// ends with a letter or digit (dots, hyphens and underscores inside).
const LABEL = "[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
const EXTENSION_ID = new RegExp(`^${LABEL}(?:\\.${LABEL})*/[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$`);

/**
 * Whether a string is a well-formed extension identifier, `{vendor-prefix}/{extension-name}`.
 *
 * @example
 * ```ts
 * isExtensionId("io.modelcontextprotocol/tasks"); // true
 * isExtensionId("tasks"); // false: the prefix is mandatory
 * ```
 */
export function isExtensionId(id: string): boolean {
  return EXTENSION_ID.test(id);
}

/**
 * The extensions a capabilities object declares, by identifier (empty when it declares none or
 * the field is malformed). Members that are not objects are not declarations and are skipped.
 *
 * @example
 * ```ts
 * declaredExtensions({ extensions: { "com.example/echo": { loud: true } } });
 * // { "com.example/echo": { loud: true } }
 * ```
 */
export function declaredExtensions(
  capabilities: Capabilities | undefined,
): Readonly<Record<string, ExtensionSettings>> {
  const field = capabilities?.extensions;
  if (typeof field !== "object" || field === null || Array.isArray(field)) return {};
  const declared: Record<string, ExtensionSettings> = {};
  for (const [id, settings] of Object.entries(field)) {
    if (typeof settings === "object" && settings !== null && !Array.isArray(settings))
      declared[id] = settings as ExtensionSettings;
  }
  return declared;
}

/**
 * Whether a capabilities object declares one extension (its settings an object).
 *
 * @example
 * ```ts
 * declaresExtension({ extensions: { "com.example/echo": {} } }, "com.example/echo"); // true
 * ```
 */
export function declaresExtension(capabilities: Capabilities | undefined, id: string): boolean {
  const field = capabilities?.extensions;
  if (typeof field !== "object" || field === null || !Object.hasOwn(field, id)) return false;
  const settings = (field as Record<string, unknown>)[id];
  return typeof settings === "object" && settings !== null && !Array.isArray(settings);
}

/**
 * The error answering a request for a method of an extension the peer did not declare.
 *
 * 2026-07-28 (basic/index): "If processing a request requires a capability the client did not
 * include in `io.modelcontextprotocol/clientCapabilities`, the server MUST return a
 * MissingRequiredClientCapabilityError (-32021) whose `data.requiredCapabilities` lists the missing
 * capabilities" (SEP-2663 names the extension that way: `{ extensions: { [id]: {} } }`).
 *
 * Session era: the revisions before 2026-07-28 have no -32021; to a peer that did not negotiate
 * the extension its methods do not exist, so it gets -32601 Method not found ("Capability not
 * supported", as those revisions answer a method whose capability was not negotiated).
 *
 * @example
 * ```ts
 * extensionNotDeclared("com.example/echo", "echo/ping", "stateless").code; // -32021
 * extensionNotDeclared("com.example/echo", "echo/ping", "session").code; // -32601
 * ```
 */
export function extensionNotDeclared(id: string, method: string, era: "session" | "stateless"): McpError {
  if (era === "stateless") {
    return new McpError(
      ErrorCode.MissingRequiredClientCapability,
      `Missing required client capability: extension ${id}`,
      { requiredCapabilities: { extensions: { [id]: {} } } },
    );
  }
  return new McpError(ErrorCode.MethodNotFound, "Method not found", {
    method,
    reason: `the client did not declare the extension ${id}`,
  });
}
