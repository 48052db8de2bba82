import { decodeHeaderValue, type HeaderMismatch, HeaderMismatches } from "@mcpkit/core";
import { Header, type HeaderLookup, lookupOf } from "../../shared/headers.js";
import { envelopeVersion } from "./era-rule.js";

/** Stateless-era request headers (lower-cased names). */
export const StatelessHeader = {
  method: "mcp-method",
  name: "mcp-name",
} as const;

/**
 * The methods whose `Mcp-Name` header mirrors a body field, and that field: SEP-2243's three, and
 * the tasks extension's (SEP-2663: `tasks/get`, `tasks/update`, `tasks/cancel` carry the task id,
 * so that a load balancer can route them to the node that runs the task).
 */
export const NAMED_METHODS: Readonly<Record<string, "name" | "uri" | "taskId">> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
  "tasks/get": "taskId",
  "tasks/update": "taskId",
  "tasks/cancel": "taskId",
};

// The codec and the error shape live in @mcpkit/core (the server's Mcp-Param-* check uses them
// too); re-exported so existing imports from this package keep working.
export {
  decodeHeaderValue,
  type HeaderMismatch,
  type HeaderMismatchData,
} from "@mcpkit/core";

const { missing, differs } = HeaderMismatches;

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks a stateless-era POST's headers against its body (one request or notification): the
 * `MCP-Protocol-Version` header must be present and, when the body's `_meta` names a version,
 * equal it; `Mcp-Method` must equal `method` exactly (case included); `tools/call`,
 * `prompts/get` and `resources/read` need `Mcp-Name` equal to `params.name` / `params.uri`, and
 * `tasks/get`, `tasks/update`, `tasks/cancel` equal to `params.taskId`
 * (surrounding spaces ignored, `=?base64?…?=` decoded). A body without the field is left to
 * params validation (-32602). Returns the first problem, or undefined.
 *
 * @example
 * ```ts
 * const headers = new Headers({ "mcp-protocol-version": "2026-07-28" });
 * checkStatelessHeaders(headers, { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
 * // { code: -32020, message: "Header mismatch: required header Mcp-Method is missing", data: { header: "Mcp-Method", expected: "tools/list" } }
 * ```
 */
export function checkStatelessHeaders(
  headers: Headers | HeaderLookup,
  body: Readonly<Record<string, unknown>>,
): HeaderMismatch | undefined {
  const request = lookupOf(headers);
  const method = typeof body.method === "string" ? body.method : "";
  const sentMethod = request.header(StatelessHeader.method);
  if (sentMethod === null) return missing("Mcp-Method", method);
  if (sentMethod.trim() !== method) return differs("Mcp-Method", sentMethod.trim(), method);

  const sentVersion = request.header(Header.protocolVersion);
  const bodyVersion = envelopeVersion(body);
  const expectedVersion = typeof bodyVersion === "string" ? bodyVersion : undefined;
  if (sentVersion === null) return missing("MCP-Protocol-Version", expectedVersion);
  if (expectedVersion !== undefined && sentVersion.trim() !== expectedVersion) {
    return differs("MCP-Protocol-Version", sentVersion.trim(), expectedVersion);
  }

  const field = NAMED_METHODS[method];
  if (field === undefined) return undefined;
  const named = isObject(body.params) ? body.params[field] : undefined;
  const expectedName = typeof named === "string" ? named : undefined;
  const sentName = request.header(StatelessHeader.name);
  if (sentName === null) return missing("Mcp-Name", expectedName);
  const decoded = decodeHeaderValue(sentName);
  if (decoded === undefined) return HeaderMismatches.badEncoding("Mcp-Name", sentName.trim(), expectedName);
  if (expectedName !== undefined && decoded !== expectedName)
    return differs("Mcp-Name", decoded, expectedName);
  return undefined;
}
