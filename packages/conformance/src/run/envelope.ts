import { type Json, type JsonObject, isObject } from "../model/json.js";
import { type Revision, eraOf } from "../model/revisions.js";

/** The identity the runner uses when it plays a client or a server. */
export const RUNNER_INFO: JsonObject = { name: "mcpkit-conformance", version: "1.0.0" };

const META = "io.modelcontextprotocol/";

/**
 * Adds the 2026-07-28 `_meta` envelope (protocol version, client capabilities, client info) to a
 * request the runner sends as a client, keeping what the request already carries (§7.1); other
 * revisions and other messages are returned as they are.
 * @example
 * stampEnvelope({ jsonrpc: "2.0", id: 1, method: "ping" }, "2026-07-28", {});
 */
export function stampEnvelope(message: Json, revision: Revision, clientCapabilities: JsonObject): Json {
  if (eraOf(revision) !== "stateless") return message;
  if (!isObject(message) || typeof message.method !== "string" || message.id === undefined) return message;
  const params = isObject(message.params) ? { ...message.params } : {};
  const meta = isObject(params._meta) ? { ...params._meta } : {};
  const defaults: JsonObject = {
    [`${META}protocolVersion`]: revision,
    [`${META}clientCapabilities`]: clientCapabilities,
    [`${META}clientInfo`]: RUNNER_INFO,
  };
  for (const [key, value] of Object.entries(defaults)) if (!Object.hasOwn(meta, key)) meta[key] = value;
  params._meta = meta;
  return { ...message, params };
}
