import type { JsonRpcPayload, RequestId } from "@mcpkit/core";
import { MediaType } from "../shared/headers.js";
import { idKey, isResponse, membersOf } from "../shared/messages.js";
import { AbortSwitch } from "./abort-switch.js";
import type { HttpReply } from "./http-sender.js";

/** One POST carrying a message: the request ids it waits answers for, and its own abort switch. */
export class PostExchange {
  readonly waiting: Set<string>;
  readonly abort = new AbortSwitch();

  constructor(
    readonly ids: readonly RequestId[],
    readonly what: string,
    readonly stateless: string | undefined,
  ) {
    this.waiting = new Set(ids.map(idKey));
  }
}

/** Whether a response carries an SSE body. */
export function isSse(response: HttpReply): boolean {
  const type = response.header("content-type");
  if (type === null) return false;
  // The usual exact value needs no splitting.
  if (type === MediaType.sse) return true;
  return type.split(";")[0]?.trim().toLowerCase() === MediaType.sse;
}

/** The request a `notifications/cancelled` names, if `payload` is one. */
export function cancelledRequestId(payload: JsonRpcPayload): RequestId | undefined {
  if (Array.isArray(payload)) return undefined;
  const message = payload as { method?: unknown; params?: { requestId?: unknown } };
  if (message.method !== "notifications/cancelled") return undefined;
  const id = message.params?.requestId;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}

/** Names a POST's message in errors, e.g. `tools/call (id 3)`. */
export function describe(payload: JsonRpcPayload): string {
  const first = membersOf(payload)[0] as { method?: unknown; id?: unknown } | undefined;
  const method = typeof first?.method === "string" ? first.method : "a response";
  return first?.id === undefined ? method : `${method} (id ${String(first.id)})`;
}

/** Whether an error body is a JSON-RPC error response to one of the exchange's requests. */
export function answersExchange(text: string, exchange: PostExchange): boolean {
  if (exchange.waiting.size === 0) return false;
  try {
    const value = JSON.parse(text) as unknown;
    return membersOf(value).some(
      (member) =>
        isResponse(member) &&
        member.id !== null &&
        exchange.waiting.has(idKey(member.id)) &&
        "error" in member,
    );
  } catch {
    return false;
  }
}
