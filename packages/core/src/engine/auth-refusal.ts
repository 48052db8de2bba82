import type { AuthenticationError } from "../auth.js";
import { McpError } from "../errors.js";
import { ErrorCode } from "../jsonrpc/codes.js";
import type { JsonRpcResponse } from "../jsonrpc/types.js";
import type { HttpRefusal } from "../transport.js";

/**
 * The HTTP answer each refused response deserves, kept beside the response rather than on it (the
 * response goes on the wire as is). Only error responses made from an {@link AuthenticationError}
 * are ever in it, so a lookup costs nothing on the paths that answer normally.
 */
const refusals = new WeakMap<JsonRpcResponse, HttpRefusal>();

/**
 * The JSON-RPC error an {@link AuthenticationError} thrown by a handler becomes: -32001 for a 401,
 * -32003 for anything else (403), its description as the message, and the OAuth `error`, the
 * status and the challenge in `data` (a WebSocket client has no HTTP status to read them from).
 */
export function authErrorToMcp(error: AuthenticationError): McpError {
  const code = error.status === 401 ? ErrorCode.Unauthorized : ErrorCode.Forbidden;
  const challenge = error.headers["www-authenticate"];
  const data = {
    status: error.status,
    error: error.error,
    ...(challenge === undefined ? {} : { wwwAuthenticate: challenge }),
  };
  return new McpError(code, error.message, data);
}

/** Notes that `response` refuses its request with `error`'s status and headers. */
export function noteRefusal(response: JsonRpcResponse, error: AuthenticationError): JsonRpcResponse {
  refusals.set(response, { status: error.status, headers: error.headers });
  return response;
}

/** The HTTP refusal noted for an error response, if any. */
export function refusalOf(response: JsonRpcResponse): HttpRefusal | undefined {
  return "error" in response ? refusals.get(response) : undefined;
}
