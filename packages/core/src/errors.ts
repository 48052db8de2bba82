import type { JsonRpcErrorObject } from "./jsonrpc/types.js";

/**
 * An error that travels on the wire: a JSON-RPC error with a numeric code, a message and
 * optional data. Thrown by a handler, it becomes the error response as is; received from a peer,
 * it keeps the peer's code and data.
 *
 * @example
 * ```ts
 * throw new McpError(ErrorCode.InvalidParams, "Unknown tool: nope");
 * ```
 */
export class McpError extends Error {
  override readonly name = "McpError";
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }

  /** The error member of a JSON-RPC error response. */
  toJson(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }

  /** The error a peer sent, as an `McpError` with the same code, message and data. */
  static fromJson(error: JsonRpcErrorObject): McpError {
    return new McpError(error.code, error.message, error.data);
  }
}

/** Why something failed on this side, without the peer saying so. */
export type LocalErrorCode =
  /** The request got no answer in time; it was cancelled on the wire. */
  | "timeout"
  /** The connection closed (or was never open) before the operation finished. */
  | "connection_closed"
  /** The request was cancelled through its AbortSignal. */
  | "cancelled"
  /** The peer did not declare the capability this method needs. */
  | "capability_missing"
  /** This side did not declare the capability a handler needs (registering a handler for an undeclared method). */
  | "capability_not_declared"
  /** Version negotiation failed: the peer chose a revision this side does not speak. */
  | "version_rejected"
  /** The method is not part of the negotiated revision or era. */
  | "method_unavailable"
  /** A request other than ping was attempted before initialization finished. */
  | "not_initialized"
  /** A message was larger than the configured maximum. */
  | "message_too_large"
  /** A message could not be sent or was malformed. */
  | "invalid_message"
  /** An outbound message failed validation against the negotiated revision's schema. */
  | "invalid_outbound"
  /** A transport-level failure (the process exited, the socket broke, ...). */
  | "transport_failed"
  /** A stateless-era request still required input after the allowed number of input-required rounds. */
  | "input_rounds_exceeded";

/**
 * A failure on this side: a timeout, a closed connection, a missing capability, a rejected
 * version. It never travels on the wire as is; `code` is a string so it cannot be mistaken for a
 * JSON-RPC code.
 *
 * @example
 * ```ts
 * declare function retryLater(): void;
 * try {
 *   await client.callTool({ name: "slow" }, { timeoutMs: 1000 });
 * } catch (error) {
 *   if (error instanceof LocalError && error.code === "timeout") retryLater();
 * }
 * ```
 */
export class LocalError extends Error {
  override readonly name = "LocalError";
  readonly code: LocalErrorCode;

  constructor(code: LocalErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * The server no longer knows the session: it answered HTTP 404 to a request carrying the session
 * id (the session expired, was ended, or the server restarted). A `LocalError` with code
 * `connection_closed`. The Streamable HTTP client transport closes with it (its `closeError`);
 * `@mcpkit/client` re-initializes on a new session and fails with it only the requests it cannot
 * safely send again.
 *
 * @example
 * ```ts
 * declare function callTool(): Promise<unknown>;
 * try {
 *   await callTool();
 * } catch (error) {
 *   if (error instanceof SessionExpiredError) console.warn(`session ${error.sessionId} is gone`);
 * }
 * ```
 */
export class SessionExpiredError extends LocalError {
  readonly sessionId: string;

  constructor(sessionId: string, message?: string, options?: { cause?: unknown }) {
    super(
      "connection_closed",
      message ??
        `the MCP session ${sessionId} expired or was ended by the server (HTTP 404); initialize a new session`,
      options,
    );
    this.sessionId = sessionId;
  }
}
