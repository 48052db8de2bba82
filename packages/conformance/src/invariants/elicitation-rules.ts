import { type Json, type JsonObject, isObject } from "../model/json.js";
import type { Revision } from "../model/revisions.js";

const PRIMITIVES = new Set(["string", "number", "integer", "boolean"]);

/** Why one property of a form `requestedSchema` is not a primitive the revision allows, or undefined. */
function propertyProblem(name: string, property: Json, revision: Revision): string | undefined {
  if (!isObject(property)) return `property "${name}" is not a schema object`;
  const type = property.type;
  if (typeof type === "string" && PRIMITIVES.has(type)) return undefined;
  // Multi-select enums (an array of enumerated strings) came with 2025-11-25.
  if (type === "array" && revision >= "2025-11-25" && isObject(property.items)) {
    const items = property.items;
    if ((items.type === "string" && Array.isArray(items.enum)) || Array.isArray(items.anyOf))
      return undefined;
    return `property "${name}" is an array whose items are not an enumeration of strings`;
  }
  return `property "${name}" has type ${JSON.stringify(type ?? null)}, not string, number, integer, boolean${revision >= "2025-11-25" ? " or a multi-select enum" : ""}`;
}

/**
 * `elicitation.schema.restricted`: a form elicitation's `requestedSchema` is a flat object schema
 * whose properties are primitives (string, number, integer, boolean, single-select enums; from
 * 2025-11-25 also multi-select enums), client/elicitation "Requested Schema". Returns the first
 * problem, or undefined. URL-mode elicitations carry no schema.
 * @example
 * requestedSchemaProblem({ requestedSchema: { type: "object", properties: { a: { type: "object" } } } }, "2025-11-25");
 */
export function requestedSchemaProblem(params: JsonObject, revision: Revision): string | undefined {
  if (params.mode === "url") return undefined;
  const schema = params.requestedSchema;
  if (!isObject(schema)) return "a form elicitation without a requestedSchema object";
  if (schema.type !== "object")
    return `requestedSchema has type ${JSON.stringify(schema.type ?? null)}, not "object"`;
  const properties = schema.properties ?? {};
  if (!isObject(properties)) return "requestedSchema.properties is not an object";
  for (const [name, property] of Object.entries(properties)) {
    const problem = propertyProblem(name, property, revision);
    if (problem !== undefined) return `requestedSchema is not flat and primitive: ${problem}`;
  }
  return undefined;
}
