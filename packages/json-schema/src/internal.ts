/** The shapes compiled schemas share while validating; none of them is public. */
import type { Vocabularies } from "./dialect.js";
import { escapeToken } from "./pointer.js";
import type { JsonSchemaDialect } from "./types.js";

/** An issue under construction: its pointer grows a token each level it passes on the way up. */
export interface Issue {
  pointer: string;
  keyword: string;
  schemaPath: string;
  message: string;
}

/**
 * What the keywords at one place in the value evaluated, which `unevaluatedProperties` and
 * `unevaluatedItems` read. Only collected when a schema in scope has one of those keywords.
 */
export interface Annotations {
  properties: Set<string> | undefined;
  allProperties: boolean;
  /** Items 0..items-1 were evaluated (prefixItems, array-form items). */
  items: number;
  allItems: boolean;
  /** Items evaluated by `contains`. */
  itemSet: Set<number> | undefined;
}

/** A schema resource: a document root or a subschema with its own `$id`. */
export interface Resource {
  readonly uri: string;
  readonly root: unknown;
  /** Document pointer of the root ("" or "/$defs/a"), for schema paths. */
  readonly path: string;
  /** The rules this resource is read by: its own `$schema`, else its parent's, else the compile's. */
  readonly dialect: JsonSchemaDialect;
  /** `items` may be an array (positional, with `additionalItems`): draft-07 and 2019-09. */
  readonly arrayItems: boolean;
  /** What its meta-schema's `$vocabulary` turns on (2020-12). */
  readonly vocabularies: Vocabularies;
  readonly anchors: Map<string, unknown>;
  readonly dynamicAnchors: Map<string, unknown>;
  /** Compiled targets of `dynamicAnchors`, filled in at compile time. */
  readonly dynamicNodes: Map<string, CompiledNode>;
}

/** Per-call state: how deep we are, the work left, and which resources we passed through (for `$dynamicRef`). */
export interface Context {
  depth: number;
  refHops: number;
  /** Steps left before the work budget (`maxSteps`) runs out. */
  steps: number;
  readonly scope: Resource[];
}

/** Thrown (and caught by the validator) when a validation uses up its `maxSteps`: no keyword may swallow it. */
export class BudgetExceeded extends Error {}

const budgetExceeded = new BudgetExceeded("maxSteps");

/** Spends one step of the work budget; past the end, stops the whole validation. */
export function step(context: Context): void {
  if (--context.steps < 0) throw budgetExceeded;
}

/** A keyword (or a whole schema) compiled: checks a value at one place. */
export type Check = (
  value: unknown,
  context: Context,
  annotations: Annotations | undefined,
) => Issue | undefined;

/** A compiled schema. `validate` is assigned after its keywords compile, so `$ref` cycles work. */
export interface CompiledNode {
  validate: Check;
  readonly resource: Resource;
}

/** How deep into a value we go before giving up with an issue, so the stack never overflows. */
export const maxDepth = 1000;
/** How many `$ref`s may chain without going deeper into the value: more is a loop in the schema. */
export const maxRefHops = 100;

export function newAnnotations(): Annotations {
  return { properties: undefined, allProperties: false, items: 0, allItems: false, itemSet: undefined };
}

/** Adds what `from` evaluated to `into`. */
export function mergeAnnotations(into: Annotations, from: Annotations): void {
  if (from.allProperties) into.allProperties = true;
  else if (from.properties) for (const name of from.properties) addProperty(into, name);
  if (from.allItems) into.allItems = true;
  if (from.items > into.items) into.items = from.items;
  if (from.itemSet) for (const index of from.itemSet) addItem(into, index);
}

export function addProperty(annotations: Annotations, name: string): void {
  if (annotations.properties) annotations.properties.add(name);
  else annotations.properties = new Set([name]);
}

export function addItem(annotations: Annotations, index: number): void {
  if (annotations.itemSet) annotations.itemSet.add(index);
  else annotations.itemSet = new Set([index]);
}

export function issue(keyword: string, schemaPath: string, message: string, pointer = ""): Issue {
  return { pointer, keyword, schemaPath, message };
}

/** Validates a member of the value (property or item) and prefixes its issue's pointer. */
export function descend(
  node: CompiledNode,
  value: unknown,
  context: Context,
  token: string | number,
): Issue | undefined {
  let found: Issue | undefined;
  if (context.depth >= maxDepth) {
    found = issue("maxDepth", "#", `is nested more than ${maxDepth} levels deep`);
  } else {
    if (--context.steps < 0) throw budgetExceeded;
    const hops = context.refHops;
    context.depth++;
    context.refHops = 0;
    found = node.validate(value, context, undefined);
    context.depth--;
    context.refHops = hops;
  }
  if (found) found.pointer = `/${typeof token === "number" ? token : escapeToken(token)}${found.pointer}`;
  return found;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
