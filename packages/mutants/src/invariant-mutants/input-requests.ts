import { isObject, type JsonObject } from "../inject/json.js";
import { mapResponses } from "../inject/messages.js";
import type { Rewrites } from "../inject/rewriting-transport.js";

/**
 * Rewrites the `inputRequests` map of every 2026-07-28 result that carries one: an input_required
 * answer to tools/call, prompts/get or resources/read, or a tasks/get of a task waiting for input.
 * `f` receives each input request (method and params) by key and returns its replacement(s).
 */
export function mapInputRequests(f: (key: string, input: JsonObject) => [string, JsonObject][]): Rewrites {
  return mapResponses((response) => {
    const result = response.result;
    if (!isObject(result) || !isObject(result.inputRequests)) return response;
    const inputRequests: JsonObject = {};
    for (const [key, input] of Object.entries(result.inputRequests)) {
      if (!isObject(input)) inputRequests[key] = input;
      else for (const [k, v] of f(key, input)) inputRequests[k] = v;
    }
    return { ...response, result: { ...result, inputRequests } };
  });
}

/** The params of an input request, as an object. */
export function paramsOf(input: JsonObject): JsonObject {
  return isObject(input.params) ? input.params : {};
}
