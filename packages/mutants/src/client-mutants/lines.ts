import { isObject, isResponse, type JsonObject } from "../inject/json.js";

/** A line rewrite that applies `f` to requests or notifications of `method` ([] from `f` drops it). */
export function onMethod(
  method: string,
  f: (message: JsonObject) => unknown[],
): (line: unknown) => unknown[] {
  return (line) => (isObject(line) && line.method === method ? f(structuredClone(line)) : [line]);
}

/** A line rewrite that applies `f` to responses. */
export function onResponse(f: (response: JsonObject) => JsonObject): (line: unknown) => unknown[] {
  return (line) => [isResponse(line) ? f(structuredClone(line)) : line];
}

/** The same message with `params` changed by `f`. */
export function withParams(message: JsonObject, f: (params: JsonObject) => JsonObject): JsonObject {
  return { ...message, params: f(isObject(message.params) ? message.params : {}) };
}
