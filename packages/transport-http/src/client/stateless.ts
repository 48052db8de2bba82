import { encodeHeaderValue, MetaKey, statelessRevisions } from "@mcpkit/core";

/** Header names the stateless era (2026-07-28) adds, lower-cased. */
export const StatelessHeader = {
  method: "mcp-method",
  name: "mcp-name",
} as const;

type Loose = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Loose {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The stateless revision a payload speaks: a request (or notification) whose
 * `params._meta["io.modelcontextprotocol/protocolVersion"]` names one, as the stateless client
 * era writes on every request. `undefined` for everything else.
 */
export function statelessRevisionOf(payload: unknown): string | undefined {
  if (!isObject(payload)) return undefined;
  const params = payload.params;
  const meta = isObject(params) ? params._meta : undefined;
  const version = isObject(meta) ? meta[MetaKey.protocolVersion] : undefined;
  return typeof version === "string" && (statelessRevisions as readonly string[]).includes(version)
    ? version
    : undefined;
}

/** Where `Mcp-Name` comes from, per method. */
const NAME_SOURCE: Readonly<Record<string, string>> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
  // The tasks extension (SEP-2663): the task id, for routing to the node that runs the task.
  "tasks/get": "taskId",
  "tasks/update": "taskId",
  "tasks/cancel": "taskId",
};

/**
 * The `Mcp-Method` and (for `tools/call`, `prompts/get`, `resources/read`, and the task id of
 * `tasks/get`, `tasks/update`, `tasks/cancel`) `Mcp-Name` headers
 * mirrored from a message's body. Values that are not plain header text are base64-wrapped.
 */
export function mirroredHeaders(payload: unknown): Record<string, string> {
  if (!isObject(payload) || typeof payload.method !== "string") return {};
  const headers: Record<string, string> = { [StatelessHeader.method]: headerValue(payload.method) };
  const source = NAME_SOURCE[payload.method];
  const params = payload.params;
  const name = source !== undefined && isObject(params) ? params[source] : undefined;
  if (typeof name === "string") headers[StatelessHeader.name] = headerValue(name);
  return headers;
}

/**
 * A value as HTTP header text: as is when it is printable ASCII without leading or trailing
 * whitespace, else `=?base64?<base64 of the UTF-8>?=`. The same function as `encodeHeaderValue`
 * of `@mcpkit/core`, kept under this name for compatibility.
 *
 * @example
 * ```ts
 * headerValue("get_weather"); // "get_weather"
 * headerValue("Hello, 世界"); // "=?base64?SGVsbG8sIOS4lueVjA==?="
 * ```
 */
export const headerValue: (value: string) => string = encodeHeaderValue;
