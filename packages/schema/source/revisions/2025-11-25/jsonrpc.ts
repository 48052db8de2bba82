/**
 * 2025-11-25, JSON-RPC layer. The error object gets a name of its own (`Error`), `JSONRPCError`
 * becomes `JSONRPCErrorResponse` (its `id` is now optional, for errors about unreadable requests),
 * the success shape is named `JSONRPCResultResponse`, and `JSONRPCResponse` is the union of both.
 * Request and notification params get named base types (`RequestParams`, `NotificationParams`),
 * and every concrete message now spells out its `jsonrpc` (and `id`) members: the builders below.
 */
import {
  type JsonSchema,
  type OptionalProperty,
  anyOf,
  doc,
  int,
  lit,
  obj,
  opt,
  record,
  ref,
  str,
  unknown,
} from "../../dsl.js";
import type { Definitions } from "../../revision.js";

/** `_meta` on request params: open, with an optional progress token. */
export const requestMeta = opt(obj({ progressToken: opt(ref("ProgressToken")) }, { extra: true }));

/** `_meta` on results and notification params: any keys. */
export const meta = opt(record());

/** The `RequestParams` shape, which every named `*RequestParams` type extends. */
export const requestParams = obj({ _meta: requestMeta });

/** The `NotificationParams` shape, which every named `*NotificationParams` type extends. */
export const notificationParams = obj({ _meta: meta });

/** A concrete request message: `jsonrpc`, `id`, a fixed `method`, and its params. */
export function request(method: string, params: JsonSchema | OptionalProperty): JsonSchema {
  return obj({ jsonrpc: lit("2.0"), id: ref("RequestId"), method: lit(method), params });
}

/** A concrete notification message: `jsonrpc`, a fixed `method`, and its params. */
export function notification(method: string, params: JsonSchema | OptionalProperty): JsonSchema {
  return obj({ jsonrpc: lit("2.0"), method: lit(method), params });
}

export const added: Definitions = {
  Error: doc(
    "The error member of a JSON-RPC error response.",
    obj({ code: int(), message: str(), data: opt(unknown()) }),
  ),
  JSONRPCErrorResponse: doc(
    "A JSON-RPC error response; `id` may be absent when the request could not be read.",
    obj({ jsonrpc: lit("2.0"), id: opt(ref("RequestId")), error: ref("Error") }),
  ),
  JSONRPCResultResponse: doc(
    "A successful JSON-RPC response.",
    obj({ jsonrpc: lit("2.0"), id: ref("RequestId"), result: ref("Result") }),
  ),
  RequestParams: doc("Params any request may carry.", requestParams),
  NotificationParams: doc("Params any notification may carry.", notificationParams),
};

export const changed: Definitions = {
  Request: obj({ method: str(), params: opt(record()) }),
  Notification: obj({ method: str(), params: opt(record()) }),
  JSONRPCRequest: doc(
    "Any JSON-RPC request.",
    obj({ jsonrpc: lit("2.0"), id: ref("RequestId"), method: str(), params: opt(record()) }),
  ),
  JSONRPCNotification: doc(
    "Any JSON-RPC notification.",
    obj({ jsonrpc: lit("2.0"), method: str(), params: opt(record()) }),
  ),
  JSONRPCResponse: doc(
    "A response: a result or an error.",
    anyOf(ref("JSONRPCResultResponse"), ref("JSONRPCErrorResponse")),
  ),
  JSONRPCMessage: doc(
    "Any single JSON-RPC message.",
    anyOf(
      ref("JSONRPCRequest"),
      ref("JSONRPCNotification"),
      ref("JSONRPCResultResponse"),
      ref("JSONRPCErrorResponse"),
    ),
  ),
};

export const removed: readonly string[] = ["JSONRPCError"];
