/**
 * JSON-RPC 2.0 message shapes as the engine sees them: independent of any protocol revision
 * (revision-specific shapes live in @mcpkit/schema).
 */

/** A request id: a string or a number, and it keeps its type (`1` and `"1"` are different ids). */
export type RequestId = string | number;

/** A JSON-RPC request: a method call that expects an answer with the same id. */
export interface JsonRpcRequest {
  readonly jsonrpc: "2.0";
  readonly id: RequestId;
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A JSON-RPC notification: a method call with no id and no answer. */
export interface JsonRpcNotification {
  readonly jsonrpc: "2.0";
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A successful answer to the request with the same id. */
export interface JsonRpcResultResponse {
  readonly jsonrpc: "2.0";
  readonly id: RequestId;
  readonly result: Readonly<Record<string, unknown>>;
}

/** The error member of an error response. */
export interface JsonRpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A failed answer to the request with the same id. */
export interface JsonRpcErrorResponse {
  readonly jsonrpc: "2.0";
  /** Null when the request's id could not be read (unparseable or invalid request). */
  readonly id: RequestId | null;
  readonly error: JsonRpcErrorObject;
}

/** An answer to a request: a result or an error. */
export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;

/** Any single JSON-RPC message. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** What a transport carries in one frame: one message, or a batch (revision 2025-03-26 only). */
export type JsonRpcPayload = JsonRpcMessage | readonly JsonRpcMessage[];
