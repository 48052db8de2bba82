import { ErrorCode } from "@mcpkit/core";
import { Header } from "../../shared/headers.js";
import { envelopeVersion } from "./era-rule.js";

/** Stateless-era request headers (lower-cased names). */
export const StatelessHeader = {
  method: "mcp-method",
  name: "mcp-name",
} as const;

/** The methods whose `Mcp-Name` header mirrors a body field, and that field. */
export const NAMED_METHODS: Readonly<Record<string, "name" | "uri">> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

/**
 * The `data` of a -32020 HeaderMismatch error this endpoint sends: the header at fault (as the
 * specification spells it), what the body says it should be (absent when the body has no value),
 * and what arrived (absent when the header is missing).
 */
export interface HeaderMismatchData {
  readonly header: string;
  readonly expected?: string;
  readonly received?: string;
}

/** A header problem: answered with HTTP 400 and JSON-RPC -32020. */
export interface HeaderMismatch {
  readonly code: typeof ErrorCode.HeaderMismatch;
  readonly message: string;
  readonly data: HeaderMismatchData;
}

function missing(header: string, expected?: string): HeaderMismatch {
  return {
    code: ErrorCode.HeaderMismatch,
    message: `Header mismatch: required header ${header} is missing`,
    data: expected === undefined ? { header } : { header, expected },
  };
}

function differs(header: string, received: string, expected: string): HeaderMismatch {
  return {
    code: ErrorCode.HeaderMismatch,
    message: `Header mismatch: ${header} header value '${received}' does not match body value '${expected}'`,
    data: { header, expected, received },
  };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A header value as the client meant it: `=?base64?…?=` carries UTF-8 that is not safe ASCII;
 * anything else is literal. Undefined for a wrapper whose base64 or UTF-8 is broken.
 *
 * @example
 * ```ts
 * decodeHeaderValue("=?base64?SGVsbG8sIOS4lueVjA==?="); // "Hello, 世界"
 * decodeHeaderValue(" get_weather "); // "get_weather"
 * ```
 */
export function decodeHeaderValue(raw: string): string | undefined {
  const value = raw.trim();
  if (!(value.startsWith("=?base64?") && value.endsWith("?=") && value.length >= 11)) return value;
  const encoded = value.slice("=?base64?".length, -2);
  if (!BASE64.test(encoded)) return undefined;
  try {
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks a stateless-era POST's headers against its body (one request or notification): the
 * `MCP-Protocol-Version` header must be present and, when the body's `_meta` names a version,
 * equal it; `Mcp-Method` must equal `method` exactly (case included); `tools/call`,
 * `prompts/get` and `resources/read` need `Mcp-Name` equal to `params.name` / `params.uri`
 * (surrounding spaces ignored, `=?base64?…?=` decoded). A body without the field is left to
 * params validation (-32602). Returns the first problem, or undefined.
 *
 * @example
 * ```ts
 * checkStatelessHeaders(headers, { jsonrpc: "2.0", id: 1, method: "tools/list", params: {...} });
 * // { code: -32020, message: "Header mismatch: required header Mcp-Method is missing", data: { header: "Mcp-Method", expected: "tools/list" } }
 * ```
 */
export function checkStatelessHeaders(
  headers: Headers,
  body: Readonly<Record<string, unknown>>,
): HeaderMismatch | undefined {
  const method = typeof body.method === "string" ? body.method : "";
  const sentMethod = headers.get(StatelessHeader.method);
  if (sentMethod === null) return missing("Mcp-Method", method);
  if (sentMethod.trim() !== method) return differs("Mcp-Method", sentMethod.trim(), method);

  const sentVersion = headers.get(Header.protocolVersion);
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
  const sentName = headers.get(StatelessHeader.name);
  if (sentName === null) return missing("Mcp-Name", expectedName);
  const decoded = decodeHeaderValue(sentName);
  if (decoded === undefined) {
    return {
      code: ErrorCode.HeaderMismatch,
      message: `Header mismatch: Mcp-Name header value '${sentName.trim()}' is not valid =?base64?…?= encoding`,
      data: {
        header: "Mcp-Name",
        ...(expectedName === undefined ? {} : { expected: expectedName }),
        received: sentName.trim(),
      },
    };
  }
  if (expectedName !== undefined && decoded !== expectedName)
    return differs("Mcp-Name", decoded, expectedName);
  return undefined;
}
