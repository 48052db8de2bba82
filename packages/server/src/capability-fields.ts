import type { Capabilities, JsonObject } from "@mcpkit/core";

/**
 * Extensions' capability members under the explicit capabilities, one level deep (an extension's
 * `experimental` entry and the options' own both survive; the options win on a clash).
 */
export function mergedFields(
  fields: ReadonlyMap<string, JsonObject>,
  explicit: Capabilities | undefined,
): Capabilities {
  if (fields.size === 0) return explicit ?? {};
  const merged: Record<string, unknown> = { ...explicit };
  for (const [field, value] of fields) {
    const given = explicit?.[field];
    const isObject = typeof given === "object" && given !== null && !Array.isArray(given);
    merged[field] = given === undefined ? value : isObject ? { ...value, ...given } : given;
  }
  return merged;
}
