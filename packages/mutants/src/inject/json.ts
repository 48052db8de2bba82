/** A plain JSON object, for rewriting messages. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON-RPC response (has `result` or `error`, and an `id`). */
export function isResponse(value: unknown): value is JsonObject {
  return isObject(value) && "id" in value && ("result" in value || "error" in value) && !("method" in value);
}

/** A JSON-RPC notification (a `method`, no `id`). */
export function isNotification(value: unknown): value is JsonObject {
  return isObject(value) && typeof value.method === "string" && !("id" in value);
}

/** A JSON-RPC request (a `method` and an `id`). */
export function isRequest(value: unknown): value is JsonObject {
  return isObject(value) && typeof value.method === "string" && "id" in value;
}

/** The `result` object of a response, when it has one. */
export function resultOf(value: unknown): JsonObject | undefined {
  return isResponse(value) && isObject(value.result) ? value.result : undefined;
}
