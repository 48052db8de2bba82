import { ErrorCode } from "@mcpkit/core";

/**
 * The HTTP status of a stateless-era error answer (2026-07-28 puts the status on the HTTP
 * response, so clients and proxies can tell a refused request without reading the body): unknown
 * method 404; a malformed or refused request (parse, invalid request, invalid params, header
 * mismatch, missing client capability, unsupported version) 400. Other errors are answers to a
 * well-formed request (a tool's own error code, an internal error) and keep 200.
 *
 * @example
 * ```ts
 * statusOfError(-32601); // 404
 * ```
 */
export function statusOfError(code: number): number {
  if (code === ErrorCode.MethodNotFound) return 404;
  const refused: readonly number[] = [
    ErrorCode.ParseError,
    ErrorCode.InvalidRequest,
    ErrorCode.InvalidParams,
    ErrorCode.HeaderMismatch,
    ErrorCode.MissingRequiredClientCapability,
    ErrorCode.UnsupportedProtocolVersion,
  ];
  return refused.includes(code) ? 400 : 200;
}
