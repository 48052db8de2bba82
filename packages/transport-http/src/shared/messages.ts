import type { RequestId } from "@mcpkit/core";

/** A JSON object, as far as routing needs to look into it. */
type Loose = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Loose {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is RequestId {
  return typeof value === "string" || typeof value === "number";
}

/** The members of a message or a batch. */
export function membersOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** Whether `value` is a JSON-RPC request (a method and an id). */
export function isRequest(
  value: unknown,
): value is Loose & { readonly id: RequestId; readonly method: string } {
  return isObject(value) && typeof value.method === "string" && isId(value.id);
}

/** Whether `value` is a JSON-RPC response (an id and a result or an error, no method). */
export function isResponse(value: unknown): value is Loose & { readonly id: RequestId | null } {
  return isObject(value) && value.method === undefined && ("result" in value || "error" in value);
}

/** Whether one member is a request, a notification or a response, as far as HTTP routing needs. */
function isWellFormed(member: unknown): boolean {
  if (!isObject(member) || member.jsonrpc !== "2.0") return false;
  if ("method" in member) return typeof member.method === "string" && (!("id" in member) || isId(member.id));
  const answers = Number("result" in member) + Number("error" in member) === 1;
  return answers && (isId(member.id) || member.id === null);
}

/**
 * Whether a POST body has the shape of JSON-RPC: one request, notification or response with
 * `jsonrpc: "2.0"`, or a non-empty array of them. Anything else (e.g. a numeric `method`) must be
 * refused here: routing would otherwise take it for a notification and answer 202. The engine
 * judges the rest (params, known methods).
 */
export function isJsonRpcShape(value: unknown): boolean {
  const members = membersOf(value);
  return members.length > 0 && members.every(isWellFormed);
}

/** The ids of the requests in a message or batch. */
export function requestIdsOf(value: unknown): RequestId[] {
  return membersOf(value)
    .filter(isRequest)
    .map((request) => request.id);
}

/** The ids of the responses in a message or batch. */
export function responseIdsOf(value: unknown): RequestId[] {
  const ids: RequestId[] = [];
  for (const member of membersOf(value)) if (isResponse(member) && isId(member.id)) ids.push(member.id);
  return ids;
}

/** Whether a message or batch holds an `initialize` request. */
export function hasInitialize(value: unknown): boolean {
  return membersOf(value).some((m) => isRequest(m) && m.method === "initialize");
}

/** The `protocolVersion` of an initialize result, if `value` is one answering `id`. */
export function negotiatedVersionIn(value: unknown, id: RequestId): string | undefined {
  for (const member of membersOf(value)) {
    if (!isResponse(member) || member.id !== id) continue;
    const result = (member as Loose).result;
    if (isObject(result) && typeof result.protocolVersion === "string") return result.protocolVersion;
  }
  return undefined;
}

/** A key for a request id that keeps its type (`1` and `"1"` differ). */
export function idKey(id: RequestId): string {
  return typeof id === "number" ? `n:${id}` : `s:${id}`;
}
