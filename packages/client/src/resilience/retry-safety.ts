import type { Params } from "@mcpkit/core";
import type { Tool } from "../types.js";

/**
 * Requests that read or list, or set state to a value (so sending them twice does no harm): sent
 * again on the new connection when the old one was lost before their answer came.
 */
const SAFE_METHODS = new Set([
  "ping",
  "tools/list",
  "prompts/list",
  "prompts/get",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "resources/subscribe",
  "resources/unsubscribe",
  "completion/complete",
  "logging/setLevel",
  "tasks/get",
  "tasks/list",
  "tasks/result",
  "server/discover",
]);

/**
 * Whether a request that was sent but not answered when the connection was lost may be sent again
 * on the new one: the caller's `retry` decides when given; otherwise reads and lists may, and a
 * `tools/call` may when the tool (from the last listing) is annotated `idempotentHint` or
 * `readOnlyHint`. Anything else might have had its effect already, and is not repeated.
 *
 * @example
 * ```ts
 * retrySafe("resources/read", { uri: "file:///a" }, undefined, () => undefined); // true
 * ```
 */
export function retrySafe(
  method: string,
  params: Params,
  retry: boolean | undefined,
  tool: (name: string) => Tool | undefined,
): boolean {
  if (retry !== undefined) return retry;
  if (SAFE_METHODS.has(method)) return true;
  if (method !== "tools/call" || typeof params.name !== "string") return false;
  const hints = tool(params.name)?.annotations;
  return hints?.idempotentHint === true || hints?.readOnlyHint === true;
}
