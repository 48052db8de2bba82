import type {
  JsonRpcErrorResponse,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResultResponse,
  RequestId,
} from "./types.js";

/** What an inbound value is, after checking it against JSON-RPC 2.0. */
export type Classified =
  | { readonly kind: "request"; readonly message: JsonRpcRequest }
  | { readonly kind: "notification"; readonly message: JsonRpcNotification }
  | { readonly kind: "result"; readonly message: JsonRpcResultResponse }
  | { readonly kind: "error"; readonly message: JsonRpcErrorResponse }
  | {
      readonly kind: "invalid";
      /** The id to answer with, when one could be read; otherwise null. */
      readonly id: RequestId | null;
      /** Why it is not a JSON-RPC message, e.g. `"jsonrpc" must be "2.0"`. */
      readonly reason: string;
    };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

function invalid(value: Record<string, unknown>, reason: string): Classified {
  return { kind: "invalid", id: isRequestId(value.id) ? value.id : null, reason };
}

/**
 * Classifies one parsed JSON value as a request, notification, result, error, or invalid.
 * Batches (arrays) are the caller's business: classify each element.
 *
 * @example
 * ```ts
 * classify({ jsonrpc: "2.0", id: 1, method: "ping" }).kind; // "request"
 * classify({ jsonrpc: "2.0", method: 5 });                  // { kind: "invalid", id: null, reason: '"method" must be a string' }
 * ```
 */
export function classify(value: unknown): Classified {
  if (!isObject(value)) return { kind: "invalid", id: null, reason: "a message must be a JSON object" };
  if (value.jsonrpc !== "2.0") return invalid(value, '"jsonrpc" must be "2.0"');
  const hasId = "id" in value;
  if (hasId && !isRequestId(value.id) && !(value.id === null && "error" in value)) {
    return invalid(value, '"id" must be a string or a number');
  }
  if ("method" in value) {
    if (typeof value.method !== "string") return invalid(value, '"method" must be a string');
    if ("result" in value || "error" in value)
      return invalid(value, "a request cannot carry a result or an error");
    if ("params" in value && !isObject(value.params)) return invalid(value, '"params" must be an object');
    return hasId
      ? { kind: "request", message: value as unknown as JsonRpcRequest }
      : { kind: "notification", message: value as unknown as JsonRpcNotification };
  }
  const hasResult = "result" in value;
  const hasError = "error" in value;
  if (hasResult && hasError) return invalid(value, "a response cannot carry both a result and an error");
  if (hasResult) {
    if (!hasId) return invalid(value, "a result must carry the request's id");
    if (!isObject(value.result)) return invalid(value, '"result" must be an object');
    return { kind: "result", message: value as unknown as JsonRpcResultResponse };
  }
  if (hasError) {
    const error = value.error;
    if (!isObject(error) || typeof error.code !== "number" || !Number.isInteger(error.code)) {
      return invalid(value, '"error" must be an object with an integer "code"');
    }
    if (typeof error.message !== "string") return invalid(value, '"error.message" must be a string');
    return { kind: "error", message: value as unknown as JsonRpcErrorResponse };
  }
  return invalid(value, "a message needs a method, a result or an error");
}

/**
 * Whether a value is a single JSON-RPC message (not a batch, not invalid).
 *
 * @example
 * ```ts
 * isJsonRpcMessage({ jsonrpc: "2.0", method: "ping", id: 1 }); // true
 * isJsonRpcMessage([{ jsonrpc: "2.0", method: "ping", id: 1 }]); // false: a batch
 * ```
 */
export function isJsonRpcMessage(value: unknown): value is JsonRpcMessage {
  return classify(value).kind !== "invalid";
}
