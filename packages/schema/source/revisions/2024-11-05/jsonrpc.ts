/**
 * JSON-RPC 2.0 envelopes and the generic request, notification and result shapes every MCP
 * message builds on, plus the small builders the feature files use to declare their messages.
 */
import {
  type JsonSchema,
  type OptionalProperty,
  type Properties,
  anyOf,
  doc,
  int,
  lit,
  obj,
  opt,
  record,
  ref,
  str,
  types,
  unknown,
} from "../../dsl.js";
import type { Definitions } from "../../revision.js";

/** A free-form `_meta` object: any keys, any values. */
export function meta(): JsonSchema {
  return record();
}

/** The `_meta` a request may carry: a progress token, and (here) nothing else declared. */
export const requestMeta = obj({ progressToken: opt(ref("ProgressToken")) });

/** Params of a request that has none of its own: only the optional `_meta`, other keys allowed. */
export const requestParams = obj({ _meta: opt(requestMeta) }, { extra: true });

/** Params of a notification that has none of its own. */
export const notificationParams = obj({ _meta: opt(meta()) }, { extra: true });

/**
 * A request with a fixed method. `params` is required unless wrapped in `opt()`; left out, the
 * request takes only the generic, optional params.
 */
export function requestOf(
  method: string,
  params: JsonSchema | OptionalProperty = opt(requestParams),
): JsonSchema {
  return obj({ method: lit(method), params });
}

/** A notification with a fixed method; `params` as for `requestOf`. */
export function notificationOf(
  method: string,
  params: JsonSchema | OptionalProperty = opt(notificationParams),
): JsonSchema {
  return obj({ method: lit(method), params });
}

/** A result with the given properties beside the optional `_meta`. */
export function resultOf(properties: Properties): JsonSchema {
  return obj({ _meta: opt(meta()), ...properties });
}

const version = lit("2.0");

export const jsonrpc = {
  RequestId: doc("Identifies a request; a string or an integer.", types("string", "integer")),
  Request: obj({ method: str(), params: opt(requestParams) }),
  Notification: obj({ method: str(), params: opt(notificationParams) }),
  Result: doc(
    "The base of every result: `_meta` plus any other keys.",
    obj({ _meta: opt(meta()) }, { extra: true }),
  ),
  EmptyResult: doc("A result that carries nothing but success.", ref("Result")),
  JSONRPCRequest: doc(
    "A call that must be answered, matched to its answer by id.",
    obj({ jsonrpc: version, id: ref("RequestId"), method: str(), params: opt(requestParams) }),
  ),
  JSONRPCNotification: doc(
    "A one-way message; no response.",
    obj({ jsonrpc: version, method: str(), params: opt(notificationParams) }),
  ),
  JSONRPCResponse: doc(
    "A successful response.",
    obj({ jsonrpc: version, id: ref("RequestId"), result: ref("Result") }),
  ),
  JSONRPCError: doc(
    "A response reporting that a request failed.",
    obj({
      jsonrpc: version,
      id: ref("RequestId"),
      error: obj({ code: int(), message: str(), data: opt(unknown()) }),
    }),
  ),
  JSONRPCMessage: doc(
    "Any single message on the wire.",
    anyOf(ref("JSONRPCRequest"), ref("JSONRPCNotification"), ref("JSONRPCResponse"), ref("JSONRPCError")),
  ),
} satisfies Definitions;
