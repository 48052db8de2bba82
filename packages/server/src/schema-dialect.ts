import type { Revision } from "@mcpkit/schema";
import { dialectOf } from "@mcpkit/json-schema";
import type { JsonSchema } from "./json-schema.js";

/*
 * Revisions up to 2025-06-18 read tool schemas as JSON Schema draft-07; 2025-11-25 made 2020-12 the
 * default (a schema may still name draft-07 in `$schema`). A server serves one definition to all
 * of them, so a schema the server reads as 2020-12 (it names 2020-12 or 2019-09, or nothing) is
 * converted for draft-07 clients: the `$schema` goes, and what draft-07 can say is said its way.
 * 2020-12-only keywords with no draft-07 spelling (`unevaluated*`, `$dynamicRef`, `minContains`, ...)
 * stay as they are: a draft-07 validator ignores them, so the schema accepts more, never less.
 */

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Keywords whose value is one subschema, the same in both dialects. */
const SINGLE = new Set([
  "additionalProperties",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
  "not",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
]);
/** Keywords whose value maps names to subschemas, the same in both dialects. */
const MAPS = new Set(["properties", "patternProperties", "definitions"]);
/** Keywords whose value is a list of subschemas. */
const LISTS = new Set(["allOf", "anyOf", "oneOf"]);
/** Siblings of `$ref` that assert nothing (draft-07 ignores every sibling of `$ref`). */
const ANNOTATIONS = new Set([
  "$ref",
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

type Visit = (child: unknown, from: readonly string[], to: readonly string[]) => unknown;

const escapeToken = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");
const pointer = (base: string, segments: readonly string[]) =>
  segments.reduce((at, segment) => `${at}/${escapeToken(segment)}`, base);

function mapValues(value: Node, each: (key: string, child: unknown) => unknown): Node {
  const out: Node = {};
  for (const [key, child] of Object.entries(value)) out[key] = each(key, child);
  return out;
}

/** The draft-07 `dependencies` for the 2020-12 `dependentRequired` and `dependentSchemas` (and any `dependencies`). */
function dependenciesOf(node: Node, visit: Visit): Node | undefined {
  const forms = new Map<string, { keyword: string; value: unknown }[]>();
  for (const keyword of ["dependencies", "dependentSchemas", "dependentRequired"]) {
    const value = node[keyword];
    if (!isNode(value)) continue;
    for (const [name, form] of Object.entries(value)) {
      const list = forms.get(name) ?? [];
      list.push({ keyword, value: form });
      forms.set(name, list);
    }
  }
  if (forms.size === 0) return undefined;
  const out: Node = {};
  for (const [name, list] of forms) {
    const place = (keyword: string, value: unknown, to: readonly string[]) =>
      Array.isArray(value) ? value : visit(value, [keyword, name], to);
    if (list.length === 1) {
      const [only] = list as [{ keyword: string; value: unknown }];
      out[name] = place(only.keyword, only.value, ["dependencies", name]);
    } else {
      // Both forms for one name: a schema that requires the names and matches the schema.
      out[name] = {
        allOf: list.map(({ keyword, value }, i) =>
          Array.isArray(value)
            ? { required: value }
            : place(keyword, value, ["dependencies", name, "allOf", String(i)]),
        ),
      };
    }
  }
  return out;
}

/** One schema node in draft-07 terms; its subschemas go through `visit`, `$ref`s through `ref`. */
function rebuild(node: unknown, visit: Visit, ref: (target: string) => string, root: boolean): unknown {
  if (!isNode(node)) return node; // true, false, or not a schema at all
  const out: Node = {};
  const renameDefs = isNode(node.$defs) && !("definitions" in node);
  const tuple = Array.isArray(node.prefixItems);
  for (const [key, value] of Object.entries(node)) {
    if (root && key === "$schema") continue;
    if (key === "$ref" && typeof value === "string") out.$ref = ref(value);
    else if (MAPS.has(key) && isNode(value))
      out[key] = mapValues(value, (k, v) => visit(v, [key, k], [key, k]));
    else if (key === "$defs" && isNode(value)) {
      const to = renameDefs ? "definitions" : "$defs";
      out[to] = mapValues(value, (k, v) => visit(v, ["$defs", k], [to, k]));
    } else if (SINGLE.has(key)) out[key] = visit(value, [key], [key]);
    else if (LISTS.has(key) && Array.isArray(value))
      out[key] = value.map((v, i) => visit(v, [key, String(i)], [key, String(i)]));
    else if (key === "prefixItems" && Array.isArray(value))
      out.items = value.map((v, i) => visit(v, ["prefixItems", String(i)], ["items", String(i)]));
    else if (key === "items") {
      if (tuple) out.additionalItems = visit(value, ["items"], ["additionalItems"]);
      else if (Array.isArray(value))
        out.items = value.map((v, i) => visit(v, ["items", String(i)], ["items", String(i)]));
      else out.items = visit(value, ["items"], ["items"]);
    } else if (key === "additionalItems") {
      // In 2020-12 `additionalItems` means nothing beside `prefixItems`; `items` took its place.
      if (!(tuple && "items" in node)) out.additionalItems = visit(value, [key], [key]);
    } else if (key === "dependencies" || key === "dependentSchemas" || key === "dependentRequired") {
      if (!("dependencies" in out)) out.dependencies = dependenciesOf(node, visit);
    } else out[key] = value;
  }
  // Draft-07 ignores the siblings of `$ref`; 2020-12 applies them: keep them applying.
  if (typeof out.$ref === "string" && Object.keys(out).some((key) => !ANNOTATIONS.has(key))) {
    const { $ref, ...rest } = out;
    const allOf = Array.isArray(rest.allOf) ? [...rest.allOf, { $ref }] : [{ $ref }];
    return { ...rest, allOf };
  }
  return out;
}

/**
 * A schema read as 2020-12, restated for draft-07: the `$schema` dropped, `$defs` as `definitions`,
 * `prefixItems`/`items` as `items`/`additionalItems`, `dependentRequired`/`dependentSchemas` as
 * `dependencies`, a `$ref` with asserting siblings inside an `allOf`, and local `$ref`s rewritten to
 * where their targets moved. The schema given is not modified.
 *
 * @example
 * ```ts
 * toDraft07({ $schema: "https://json-schema.org/draft/2020-12/schema", $defs: { n: { type: "number" } }, $ref: "#/$defs/n" });
 * // { definitions: { n: { type: "number" } }, $ref: "#/definitions/n" }
 * ```
 */
export function toDraft07(schema: JsonSchema): JsonSchema {
  // First where every subschema moves (old pointer → new pointer), then the rewrite with refs fixed.
  const moved = new Map<string, string>([["", ""]]);
  const locate = (node: unknown, from: string, to: string) => {
    rebuild(
      node,
      (child, f, t) => {
        const [a, b] = [pointer(from, f), pointer(to, t)];
        moved.set(a, b);
        return locate(child, a, b);
      },
      (target) => target,
      from === "",
    );
  };
  locate(schema, "", "");
  const ref = (target: string) => {
    if (!target.startsWith("#")) return target;
    let at = target.slice(1);
    let rest = "";
    // The longest prefix that is a subschema's old place; what follows it did not move.
    for (;;) {
      const to = moved.get(at);
      if (to !== undefined) return `#${to}${rest}`;
      const cut = at.lastIndexOf("/");
      if (cut < 0) return target;
      rest = at.slice(cut) + rest;
      at = at.slice(0, cut);
    }
  };
  const convert = (node: unknown, root: boolean): unknown =>
    rebuild(node, (child) => convert(child, false), ref, root);
  return convert(schema, true) as JsonSchema;
}

const forDraft07 = new WeakMap<JsonSchema, JsonSchema>();

/**
 * The schema a revision's clients are served for a tool's `inputSchema` or `outputSchema`: as it
 * is for 2025-11-25 and later (and for a schema that names draft-07), converted by
 * {@link toDraft07} for the draft-07 revisions (2025-06-18 and before). Converted once per schema
 * object; a schema the conversion does not change is served as it is.
 */
export function servedSchema(revision: Revision, schema: JsonSchema): JsonSchema {
  if (revision > "2025-06-18") return schema;
  let served = forDraft07.get(schema);
  if (served === undefined) {
    const converted = dialectOf(schema) === "draft-07" ? schema : toDraft07(schema);
    served = JSON.stringify(converted) === JSON.stringify(schema) ? schema : converted;
    forDraft07.set(schema, served);
  }
  return served;
}
