import { isObject, type JsonObject } from "../inject/json.js";

/** Applies `f` to each content block of a result's `content` array. */
export function mapContent(result: JsonObject, f: (block: JsonObject) => JsonObject): JsonObject {
  if (!Array.isArray(result.content)) return result;
  return { ...result, content: result.content.map((b: unknown) => (isObject(b) ? f(b) : b)) };
}

/** A copy of `object` without `keys`. */
export function without(object: JsonObject, ...keys: string[]): JsonObject {
  const copy = { ...object };
  for (const key of keys) delete copy[key];
  return copy;
}

/** Every session-era and stateless transport: message rewrites work on all of them. */
export const EVERY_TRANSPORT = ["stdio", "http", "sse", "ws"] as const;

/** Applies `f` to each task a `tasks/list` result lists (2025-11-25 tasks). */
export function mapListedTasks(result: JsonObject, f: (task: JsonObject) => JsonObject): JsonObject {
  if (!Array.isArray(result.tasks)) return result;
  return { ...result, tasks: result.tasks.map((t: unknown) => (isObject(t) ? f(t) : t)) };
}
