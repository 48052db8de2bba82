/**
 * JSON-RPC 2.0 message shapes as the engine sees them: independent of any protocol revision
 * (revision-specific shapes live in @mcpkit/schema).
 */

/** A request id: a string or a number, and it keeps its type (`1` and `"1"` are different ids). */
export type RequestId = string | number;

export interface JsonRpcRequest {
  readonly jsonrpc: "2.0";
  readonly id: RequestId;
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

export interface JsonRpcNotification {
  readonly jsonrpc: "2.0";
  readonly method: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

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

export interface JsonRpcErrorResponse {
  readonly jsonrpc: "2.0";
  /** Null when the request's id could not be read (unparseable or invalid request). */
  readonly id: RequestId | null;
  readonly error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;

/** Any single JSON-RPC message. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** What a transport carries in one frame: one message, or a batch (revision 2025-03-26 only). */
export type JsonRpcPayload = JsonRpcMessage | readonly JsonRpcMessage[];
