import { isNotification, isObject, isRequest, isResponse, type JsonObject } from "./json.js";
import { eachOutbound, type Rewrites } from "./rewriting-transport.js";

/** Rewrites every outbound response with `f` (in place on a copy). */
export function mapResponses(f: (response: JsonObject) => JsonObject): Rewrites {
  return { outbound: eachOutbound((m) => [isResponse(m) ? f(structuredClone(m)) : m]) };
}

/** Rewrites the outbound notifications of one method; returning undefined drops it. */
export function mapNotifications(
  method: string,
  f: (notification: JsonObject) => JsonObject | undefined,
): Rewrites {
  return {
    outbound: eachOutbound((m) => {
      if (!isNotification(m) || m.method !== method) return [m];
      const out = f(structuredClone(m));
      return out === undefined ? [] : [out];
    }),
  };
}

/** Rewrites the inbound requests (and notifications) of one method before the engine sees them. */
export function mapInbound(method: string, f: (message: JsonObject) => JsonObject | undefined): Rewrites {
  const one = (m: unknown): unknown[] => {
    if (!isObject(m) || m.method !== method) return [m];
    const out = f(structuredClone(m));
    return out === undefined ? [] : [out];
  };
  return { inbound: (value) => (Array.isArray(value) ? [value.flatMap(one)] : one(value)) };
}

/**
 * Rewrites the results of one request method: inbound ids of `method` are remembered so their
 * responses can be recognised on the way out.
 */
export function mapResultsOf(
  method: string,
  f: (result: JsonObject, request: JsonObject) => JsonObject,
): Rewrites {
  const pending = new Map<unknown, JsonObject>();
  const remember = (m: unknown) => {
    if (isRequest(m) && m.method === method) pending.set(m.id, m);
  };
  return {
    inbound: (value) => {
      if (Array.isArray(value)) value.forEach(remember);
      else remember(value);
      return [value];
    },
    outbound: eachOutbound((m) => {
      if (!isResponse(m) || !pending.has(m.id) || !isObject(m.result)) return [m];
      const request = pending.get(m.id) as JsonObject;
      pending.delete(m.id);
      return [{ ...m, result: f(structuredClone(m.result), request) }];
    }),
  };
}

/** Combines rewrites: inbound in order, outbound in order. */
export function both(a: Rewrites, b: Rewrites): Rewrites {
  return {
    inbound: (value, reply) => {
      const first = a.inbound ? a.inbound(value, reply) : [value];
      return first.flatMap((v) => (b.inbound ? b.inbound(v, reply) : [v]));
    },
    outbound: (payload) => {
      const first = a.outbound ? a.outbound(payload) : [payload];
      return first.flatMap((p) => (b.outbound ? b.outbound(p) : [p]));
    },
    dropUnreadable: Boolean(a.dropUnreadable || b.dropUnreadable),
  };
}
