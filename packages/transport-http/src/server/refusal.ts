import type { Reply } from "./reply.js";

/** JSON-RPC codes the endpoint uses in the bodies of the HTTP refusals it makes itself. */
export const RefusalCode = {
  parseError: -32700,
  invalidRequest: -32600,
  internalError: -32603,
} as const;

const JSON_ONLY: Readonly<Record<string, string>> = Object.freeze({ "content-type": "application/json" });

/**
 * An HTTP refusal with an id-less JSON-RPC error as its body, e.g. 404
 * `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Session not found"}}`. The same
 * reply on every runtime path (web `Response` or node:http).
 */
export function refusal(
  status: number,
  message: string,
  code: number = RefusalCode.invalidRequest,
  headers?: Record<string, string>,
): Reply {
  const body = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } });
  return { status, headers: headers ? { "content-type": "application/json", ...headers } : JSON_ONLY, body };
}
