/**
 * The 2025-06-18 definitions this revision builds on, looked up by name in the revisions before
 * it, so that each change here reads as "the 2025-06-18 shape plus these fields".
 */
import type { JsonSchema } from "../../dsl.js";
import { revision20241105 } from "../2024-11-05/index.js";
import { revision20250326 } from "../2025-03-26/index.js";
import { revision20250618 } from "../2025-06-18/index.js";

/** Newest first. */
const earlier = [revision20250618, revision20250326, revision20241105];

/** A definition as it stood in 2025-06-18. */
export function previous(name: string): JsonSchema {
  for (const source of earlier) {
    if (source.removed.includes(name)) break;
    const schema = source.changed[name] ?? source.added[name];
    if (schema !== undefined) return schema;
  }
  throw new Error(`2025-11-25: ${name} is not a 2025-06-18 definition`);
}

/** One property's schema inside an object schema. */
export function propertyOf(schema: JsonSchema, property: string): JsonSchema {
  const found = (schema.properties as Record<string, JsonSchema> | undefined)?.[property];
  if (found === undefined) throw new Error(`2025-11-25: no property ${property} to build on`);
  return found;
}

/** The params a request or notification spelled out inline in 2025-06-18. */
export function previousParams(message: string): JsonSchema {
  return propertyOf(previous(message), "params");
}
