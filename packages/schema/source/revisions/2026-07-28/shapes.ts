/**
 * Small shapes that recur across the 2026-07-28 definitions: JSON-RPC framing and the typed `_meta`
 * fields. Each returns plain DSL nodes, so a definition built from them reads like the others.
 */
import { type JsonSchema, lit, obj, opt, type Properties, ref } from "../../dsl.js";

/** The `jsonrpc: "2.0"` member every message carries. */
export const jsonrpc = lit("2.0");

/** `_meta` on a data object (content, resources, tools …): the shared `MetaObject`. */
export const dataMeta: Properties = { _meta: opt(ref("MetaObject")) };

/** A JSON-RPC request for one method. Params are required: they carry the request envelope. */
export function request(method: string, params: JsonSchema): JsonSchema {
  return obj({ jsonrpc, id: ref("RequestId"), method: lit(method), params });
}

/** A JSON-RPC notification for one method, with required params. */
export function notification(method: string, params: JsonSchema): JsonSchema {
  return obj({ jsonrpc, method: lit(method), params });
}

/** The successful JSON-RPC response that carries `result` for one method. */
export function resultResponse(result: JsonSchema): JsonSchema {
  return obj({ jsonrpc, id: ref("RequestId"), result });
}
