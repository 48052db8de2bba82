/**
 * A deterministic generator of valid instances from the UPSTREAM schema. No randomness: each schema
 * node yields a fixed, ordered list of variants (each anyOf branch, each enum value, each listed
 * type, with and without optional properties), capped so the corpus stays small.
 *
 * Alongside each value it records where a `const`/`enum` decided the value, so the mutator can
 * swap in a value outside the allowed set.
 */
import { isSchemaNode, type Dialect, type SchemaNode } from "./reference.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A place in an instance whose value a `const` or `enum` restricts. */
export interface Restricted {
  readonly path: readonly string[];
  readonly allowed: readonly Json[];
}

export interface Generated {
  readonly value: Json;
  readonly restricted: readonly Restricted[];
}

/** Most instances generated for one definition. */
export const perDefinitionCap = 50;
/** Most variants kept for a nested schema node. */
const nestedCap = 12;
/** Past this nesting depth objects carry only required properties and arrays stay empty. */
const richDepth = 5;
/** Past this depth generation gives up (a schema whose required chain never ends). */
const hardDepth = richDepth + 12;

const formatSamples: Readonly<Record<string, string>> = {
  uri: "https://example.com/a",
  byte: "aGVsbG8=",
  "uri-template": "file:///{path}",
  "date-time": "2025-01-01T00:00:00Z",
};

/** Values accepted by a schema that constrains nothing (`{}` or `true`). */
/** The key used for a property the schema does not list. */
const extraKey = "x-extra";

const anyValues: readonly Json[] = ["any-value", 42, true, { key: "value" }, [1], null];

function isJson(value: unknown): value is Json {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === "object") return Object.values(value).every(isJson);
  return false;
}

function leaf(value: Json, restrictedTo?: readonly Json[]): Generated {
  return { value, restricted: restrictedTo ? [{ path: [], allowed: restrictedTo }] : [] };
}

function under(segment: string, generated: Generated): Restricted[] {
  return generated.restricted.map((r) => ({ path: [segment, ...r.path], allowed: r.allowed }));
}

/** Drops duplicate values (keeping the first) and caps the list. */
function distinct(items: readonly Generated[], cap: number): Generated[] {
  const seen = new Set<string>();
  const out: Generated[] = [];
  for (const item of items) {
    const key = JSON.stringify(item.value);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length >= cap) break;
  }
  return out;
}

/** Round-robin over several lists, so a cap keeps variety from every list. */
function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const item = list[i];
      if (item !== undefined) out.push(item);
    }
  }
  return out;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** Keywords that only annotate; a node with nothing else constrains nothing. */
const annotationOnly = new Set(["description", "title", "$comment", "examples", "default"]);

export class InstanceGenerator {
  private readonly memo = new WeakMap<SchemaNode, Map<number, Generated[]>>();

  constructor(
    private readonly definitions: Readonly<Record<string, SchemaNode>>,
    private readonly dialect: Dialect,
  ) {}

  /** Valid instances of one definition, at most `perDefinitionCap` of them. */
  instancesOf(name: string): Generated[] {
    const schema = this.definitions[name];
    if (!schema) throw new Error(`no definition ${name}`);
    return this.generate(schema, 0, perDefinitionCap);
  }

  private readonly resolver = (ref: string): SchemaNode => this.resolve(ref);

  private resolve(ref: string): SchemaNode {
    const match = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref);
    const target = match?.[1] ? this.definitions[match[1]] : undefined;
    if (!target) throw new Error(`cannot resolve $ref ${ref}`);
    return target;
  }

  private generate(schema: unknown, depth: number, cap: number): Generated[] {
    if (schema === true) return anyValues.map((v) => leaf(v));
    if (!isSchemaNode(schema)) throw new Error(`not a schema: ${JSON.stringify(schema)}`);
    if (depth > hardDepth) return [];
    if (cap !== nestedCap) return this.compute(schema, depth, cap);
    let byDepth = this.memo.get(schema);
    if (!byDepth) {
      byDepth = new Map();
      this.memo.set(schema, byDepth);
    }
    let result = byDepth.get(depth);
    if (!result) {
      result = this.compute(schema, depth, cap);
      byDepth.set(depth, result);
    }
    return result;
  }

  private compute(schema: SchemaNode, depth: number, cap: number): Generated[] {
    const { $ref, allOf, anyOf, ...rest } = schema;
    const restConstrains = Object.keys(rest).some((k) => !annotationOnly.has(k));
    if (typeof $ref === "string") {
      const target = this.resolve($ref);
      // draft-07 ignores keywords beside $ref; 2020-12 applies them too.
      if (this.dialect === "draft-07" || (!restConstrains && allOf === undefined && anyOf === undefined)) {
        return this.generate(target, depth, cap);
      }
      return this.generate(mergeSchemas([target, { ...rest, allOf, anyOf }], this.resolver), depth, cap);
    }
    if (Array.isArray(allOf)) {
      return this.generate(mergeSchemas([...allOf, { ...rest, anyOf }], this.resolver), depth, cap);
    }
    if (Array.isArray(anyOf)) {
      const branches = anyOf.map((branch) =>
        this.generate(restConstrains ? mergeSchemas([rest, branch], this.resolver) : branch, depth, cap),
      );
      return distinct(interleave(branches), cap);
    }
    if ("const" in schema) {
      if (!isJson(schema.const)) throw new Error("const is not JSON");
      return [leaf(schema.const, [schema.const])];
    }
    if (Array.isArray(schema.enum)) {
      const allowed = schema.enum.filter(isJson);
      return allowed.map((v) => leaf(v, allowed));
    }
    const types = Array.isArray(schema.type) ? stringList(schema.type) : [];
    if (typeof schema.type === "string") types.push(schema.type);
    if (types.length === 0) {
      if ("properties" in schema || "required" in schema || "additionalProperties" in schema)
        types.push("object");
      else if ("items" in schema) types.push("array");
      else return anyValues.map((v) => leaf(v));
    }
    return distinct(interleave(types.map((type) => this.ofType(type, schema, depth, cap))), cap);
  }

  private ofType(type: string, schema: SchemaNode, depth: number, cap: number): Generated[] {
    switch (type) {
      case "string": {
        const format = typeof schema.format === "string" ? schema.format : undefined;
        if (format !== undefined && !(format in formatSamples))
          throw new Error(`no sample for format ${format}`);
        return [leaf(format ? (formatSamples[format] ?? "") : "text")];
      }
      case "integer":
      case "number": {
        const min = typeof schema.minimum === "number" ? schema.minimum : undefined;
        const max = typeof schema.maximum === "number" ? schema.maximum : undefined;
        const low = min ?? (max !== undefined ? max - 10 : 1);
        const high = max ?? low + 41;
        const values: number[] = [low, high];
        // A fraction for `number` checks that non-integers are accepted where upstream accepts them.
        if (type === "number") values.push((low + high) / 2);
        return values.map((v) => leaf(v));
      }
      case "boolean":
        return [leaf(true), leaf(false)];
      case "null":
        return [leaf(null)];
      case "array":
        return this.arrays(schema, depth, cap);
      case "object":
        return this.objects(schema, depth, cap);
      default:
        throw new Error(`unknown type ${type}`);
    }
  }

  private arrays(schema: SchemaNode, depth: number, cap: number): Generated[] {
    if (depth >= richDepth) return [leaf([])];
    const items = "items" in schema ? schema.items : true;
    const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : Number.POSITIVE_INFINITY;
    const variants = this.generate(items, depth + 1, nestedCap);
    const out: Generated[] = [];
    const build = (elements: readonly Generated[]): Generated => ({
      value: elements.map((e) => e.value),
      restricted: elements.flatMap((e, i) => under(String(i), e)),
    });
    const [first, second] = variants;
    // Richest first: the object generator puts each property's first variant into its "all" instance.
    if (first && second && maxItems >= 2) out.push(build([first, second]));
    for (const v of variants) if (maxItems >= 1) out.push(build([v]));
    out.push(build([]));
    return distinct(out, cap);
  }

  private objects(schema: SchemaNode, depth: number, cap: number): Generated[] {
    const properties = isSchemaNode(schema.properties) ? schema.properties : {};
    const required = new Set(stringList(schema.required));
    const extra = schema.additionalProperties;
    const rich = depth < richDepth;
    const variantsOf = new Map<string, Generated[]>();
    for (const name of Object.keys(properties)) {
      if (!required.has(name) && !rich) continue;
      const variants = this.generate(properties[name], depth + 1, nestedCap);
      if (variants.length === 0 && required.has(name)) return [];
      if (variants.length > 0) variantsOf.set(name, variants);
    }
    for (const name of required) {
      // A required property the schema does not describe accepts anything.
      if (!variantsOf.has(name))
        variantsOf.set(
          name,
          anyValues.map((v) => leaf(v)),
        );
    }
    const build = (chosen: ReadonlyMap<string, Generated>): Generated => {
      const value: { [key: string]: Json } = {};
      const restricted: Restricted[] = [];
      for (const [name, g] of chosen) {
        value[name] = g.value;
        restricted.push(...under(name, g));
      }
      return { value, restricted };
    };
    const requiredOnly = new Map<string, Generated>();
    for (const name of required) {
      const first = variantsOf.get(name)?.[0];
      if (first) requiredOnly.set(name, first);
    }
    if (!rich) return [build(requiredOnly)];

    // An unlisted key, when allowed, checks that our schema is as open as upstream's; a schema for
    // extra keys gets every variant, an open object just one.
    if (extra !== false) {
      const constrained = isSchemaNode(extra) && Object.keys(extra).some((k) => !annotationOnly.has(k));
      const variants = this.generate(constrained ? extra : true, depth + 1, nestedCap);
      const kept = constrained ? variants : variants.slice(0, 1);
      if (kept.length > 0) variantsOf.set(extraKey, kept);
    }
    const all = new Map<string, Generated>();
    for (const [name, variants] of variantsOf) {
      const first = variants[0];
      if (first) all.set(name, first);
    }
    // Richest first, so a parent's "all" instance nests rich children.
    const out: Generated[] = [build(all), build(requiredOnly)];
    // Then every other variant of each property, on top of the "all" instance.
    const alternatives = [...variantsOf].map(([name, variants]) =>
      variants.slice(1).map((variant) => build(new Map([...all, [name, variant]]))),
    );
    out.push(...interleave(alternatives));
    return distinct(out, cap);
  }
}

/**
 * Folds `allOf` members into one schema the generator can walk: properties merge (as allOf of
 * both when both constrain one), required lists join, and type/const/enum/format carry over.
 * Upstream then checks every instance, so a merge this misses shows up as a generator bug.
 */
function mergeSchemas(members: readonly unknown[], resolve: (ref: string) => SchemaNode): SchemaNode {
  const merged: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  const expand = (member: unknown): SchemaNode[] => {
    if (!isSchemaNode(member)) return [];
    const { $ref, allOf, ...rest } = member;
    const parts: SchemaNode[] = [];
    if (typeof $ref === "string") parts.push(...expand(resolve($ref)));
    if (Array.isArray(allOf)) for (const m of allOf) parts.push(...expand(m));
    parts.push(rest);
    return parts;
  };
  for (const part of members.flatMap(expand)) {
    for (const [key, value] of Object.entries(part)) {
      if (value === undefined || annotationOnly.has(key)) continue;
      if (key === "properties" && isSchemaNode(value)) {
        for (const [name, sub] of Object.entries(value)) {
          properties[name] = name in properties ? { allOf: [properties[name], sub] } : sub;
        }
      } else if (key === "required") {
        for (const name of stringList(value)) required.add(name);
      } else if (key === "anyOf" && "anyOf" in merged) {
        throw new Error("cannot merge two anyOf lists");
      } else {
        merged[key] = value;
      }
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}
