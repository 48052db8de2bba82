/** JSON-RPC and MCP error codes, by name. */
export const ErrorCode = {
  /** Invalid JSON was received. */
  ParseError: -32700,
  /** The JSON is not a valid JSON-RPC message. */
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /**
   * The request needs credentials that are missing or invalid: a handler or middleware threw an
   * `AuthenticationError` with status 401 (an HTTP transport answers 401 with its challenge).
   */
  Unauthorized: -32001,
  /**
   * The credentials do not allow the request (e.g. a scope is missing): an `AuthenticationError`
   * with status 403 (an HTTP transport answers 403 with its challenge).
   */
  Forbidden: -32003,
  /** Resource not found, up to 2025-11-25 (2026-07-28 uses InvalidParams). */
  ResourceNotFound: -32002,
  /** 2026-07-28: HTTP headers disagree with the body. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request needs a client capability the request's envelope did not declare. */
  MissingRequiredClientCapability: -32021,
  /** 2026-07-28: the request's protocol version is not supported; `data` has `supported` and `requested`. */
  UnsupportedProtocolVersion: -32022,
  /** 2025-11-25: the request needs the user to complete a URL elicitation first. */
  UrlElicitationRequired: -32042,
} as const;

/** The name of a code in {@link ErrorCode}, such as `"MethodNotFound"`. */
export type ErrorCodeName = keyof typeof ErrorCode;
