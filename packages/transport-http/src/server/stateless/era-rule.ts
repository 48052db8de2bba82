import { MetaKey, statelessRevisions } from "@mcpkit/core";
import { Header, type HeaderLookup, lookupOf } from "../../shared/headers.js";

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `_meta` protocol version a message's params carry, if any (stateless-era envelope). */
export function envelopeVersion(message: unknown): unknown {
  if (!isObject(message) || !isObject(message.params) || !isObject(message.params._meta)) return undefined;
  return message.params._meta[MetaKey.protocolVersion];
}

/**
 * Whether a POST belongs to the stateless era (2026-07-28), decided per request. The first rule
 * that matches wins:
 *
 * 1. `MCP-Protocol-Version` names a stateless revision (e.g. `2026-07-28`): stateless.
 * 2. The body is one message whose `params._meta` carries `io.modelcontextprotocol/protocolVersion`
 *    (whatever its value, so an unknown version gets -32022 rather than a session-era refusal): stateless.
 * 3. The body is a `server/discover` request and no `Mcp-Session-Id` is sent: stateless (the probe
 *    modern clients send first).
 * 4. Anything else (initialize, session traffic, batches, old clients): the session era, unchanged.
 *
 * @example
 * ```ts
 * const body = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
 * isStatelessPost(new Headers({ "mcp-protocol-version": "2026-07-28" }), body); // true
 * ```
 */
export function isStatelessPost(headers: Headers | HeaderLookup, body: unknown): boolean {
  const request = lookupOf(headers);
  if (isStatelessVersion(request)) return true;
  if (Array.isArray(body)) return false;
  if (envelopeVersion(body) !== undefined) return true;
  return isObject(body) && body.method === "server/discover" && request.header(Header.sessionId) === null;
}

/** Whether a GET or DELETE speaks the stateless era (it has neither: 405). */
export function isStatelessVersion(request: HeaderLookup): boolean {
  const version = request.header(Header.protocolVersion)?.trim();
  return version !== undefined && (statelessRevisions as readonly string[]).includes(version);
}
