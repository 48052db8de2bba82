/**
 * 2025-06-18 envelopes: batches are gone again, and a request's `_meta` may now hold keys besides
 * the progress token.
 */
import { extend, obj, opt } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { jsonrpc, requestMeta as previousRequestMeta } from "../2024-11-05/jsonrpc.js";
import { lifecycle } from "../2024-11-05/lifecycle.js";
import { roots } from "../2024-11-05/roots.js";

/** The `_meta` a request may carry: a progress token and any other keys. */
export const requestMeta = extend(previousRequestMeta, {}, { extra: true });

/** Params of a request that has none of its own. */
export const requestParams = obj({ _meta: opt(requestMeta) }, { extra: true });

const openMeta = { params: opt(requestParams) };

export const jsonrpcChanged = {
  Request: extend(jsonrpc.Request, openMeta),
  JSONRPCRequest: extend(jsonrpc.JSONRPCRequest, openMeta),
  PingRequest: extend(lifecycle.PingRequest, openMeta),
  ListRootsRequest: extend(roots.ListRootsRequest, openMeta),
  // Single messages only, as in 2024-11-05.
  JSONRPCMessage: jsonrpc.JSONRPCMessage,
} satisfies Definitions;

export const jsonrpcRemoved = ["JSONRPCBatchRequest", "JSONRPCBatchResponse"];
