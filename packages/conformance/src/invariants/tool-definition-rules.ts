import { type Json, type JsonObject, isObject } from "../model/json.js";
import type { Revision } from "../model/revisions.js";

type Push = (requirement: string, detail: string) => void;

/** The characters tool names may use (server/tools, "Tool Names", 2025-11-25). */
const SPECIAL = /[^A-Za-z0-9_.-]/;
/** RFC 9110 field-name token: 1*tchar. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_TYPES = new Set(["string", "integer", "boolean"]);
/** Keywords whose values are data, not subschemas: an "x-mcp-header" key inside them means nothing. */
const DATA_KEYWORDS = new Set(["const", "default", "enum", "examples"]);
/** Bounds on the walk of one schema (a peer's schema may be deep or large). */
const MAX_DEPTH = 32;
const MAX_NODES = 2000;

interface Annotation {
  path: string;
  value: Json;
  schema: JsonObject;
  reachable: boolean;
}

/** Every x-mcp-header annotation in a schema, and whether a chain of `properties` alone reaches it. */
function annotations(schema: JsonObject): Annotation[] {
  const found: Annotation[] = [];
  let nodes = 0;
  const walk = (node: JsonObject, path: string, reachable: boolean, depth: number): void => {
    if (depth > MAX_DEPTH || ++nodes > MAX_NODES) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-mcp-header") {
        found.push({ path, value, schema: node, reachable: reachable && depth > 0 });
        continue;
      }
      if (DATA_KEYWORDS.has(key)) continue;
      if (key === "properties" && isObject(value)) {
        for (const [name, sub] of Object.entries(value))
          if (isObject(sub)) walk(sub, `${path}.${name}`, reachable, depth + 1);
        continue;
      }
      const subs = Array.isArray(value) ? value : [value];
      for (const sub of subs) if (isObject(sub)) walk(sub, `${path}/${key}`, false, depth + 1);
    }
  };
  walk(schema, "inputSchema", true, 0);
  return found;
}

/**
 * 2026-07-28 `x-mcp-header` annotations of one tool's input schema (server/tools, "x-mcp-header"):
 * each a non-empty HTTP token, case-insensitively unique, on a string, integer or boolean property
 * reached from the root through `properties` alone.
 */
function headerRules(name: string, schema: JsonObject, push: Push): void {
  const seen = new Set<string>();
  for (const a of annotations(schema)) {
    const where = `x-mcp-header at ${a.path} of tool ${JSON.stringify(name)}`;
    const problem =
      typeof a.value !== "string" || !TOKEN.test(a.value)
        ? `${where} is ${JSON.stringify(a.value)}, not an HTTP token`
        : seen.has(a.value.toLowerCase())
          ? `${where} repeats ${JSON.stringify(a.value)} (names are case-insensitive)`
          : !a.reachable
            ? `${where} is not reached from the root through properties alone`
            : typeof a.schema.type !== "string" || !HEADER_TYPES.has(a.schema.type)
              ? `${where} is on a property of type ${JSON.stringify(a.schema.type ?? null)}, not string, integer or boolean`
              : undefined;
    if (typeof a.value === "string") seen.add(a.value.toLowerCase());
    if (problem !== undefined) push("tools.x-mcp-header.valid-annotations", problem);
  }
}

/**
 * Rules on one listed tool beyond its shape: no special characters in its name (2025-11-25+) and,
 * at 2026-07-28, valid `x-mcp-header` annotations.
 * @example
 * toolDefinitionRules({ name: "a b", inputSchema: { type: "object" } }, "2025-11-25", (r, d) => console.log(r, d));
 */
export function toolDefinitionRules(tool: JsonObject, revision: Revision, push: Push): void {
  const name = typeof tool.name === "string" ? tool.name : "";
  if (revision >= "2025-11-25" && SPECIAL.test(name))
    push("tools.name.no-special", `tool name ${JSON.stringify(name)} contains a special character`);
  if (revision >= "2026-07-28" && isObject(tool.inputSchema)) headerRules(name, tool.inputSchema, push);
}
