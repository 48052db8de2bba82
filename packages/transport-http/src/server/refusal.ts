/** JSON-RPC codes the endpoint uses in the bodies of the HTTP refusals it makes itself. */
export const RefusalCode = {
  parseError: -32700,
  invalidRequest: -32600,
  internalError: -32603,
} as const;

/**
 * An HTTP refusal with an id-less JSON-RPC error as its body, e.g. 404
 * `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Session not found"}}`.
 */
export function refusal(
  status: number,
  message: string,
  code: number = RefusalCode.invalidRequest,
  headers: Record<string, string> = {},
): Response {
  const body = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } });
  return new Response(body, { status, headers: { "content-type": "application/json", ...headers } });
}
