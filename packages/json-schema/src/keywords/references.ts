/** $ref and $dynamicRef: resolved when the schema compiles, followed when a value is validated. */
import {
  type Annotations,
  type Check,
  type CompiledNode,
  type Context,
  type Issue,
  isObject,
  issue,
  maxRefHops,
  step,
} from "../internal.js";
import type { SchemaSite } from "../site.js";
import { splitFragment } from "../uri.js";

function hop(
  node: CompiledNode,
  path: string,
  value: unknown,
  context: Context,
  annotations: Annotations | undefined,
): Issue | undefined {
  if (context.refHops >= maxRefHops) return refLoop(path);
  step(context);
  context.refHops++;
  const found = node.validate(value, context, annotations);
  context.refHops--;
  return found;
}

/** A chain of references that never descends into the value: a loop in the schema. */
function refLoop(path: string): Issue {
  return issue(
    "$ref",
    path,
    `goes through more than ${maxRefHops} references without descending into the value`,
  );
}

/** A fixed target, followed without an extra call: deep recursion goes through here once per level. */
function follow(node: CompiledNode, path: string): Check {
  // The body of `hop`, inlined: one stack frame per level of a deep value instead of two.
  return (value, context, annotations) => {
    if (context.refHops >= maxRefHops) return refLoop(path);
    step(context);
    context.refHops++;
    const found = node.validate(value, context, annotations);
    context.refHops--;
    return found;
  };
}

function refCheck(site: SchemaSite): Check | undefined {
  const reference = site.schema.$ref;
  if (reference === undefined) return undefined;
  if (typeof reference !== "string") site.fail("$ref", "must be a string");
  return follow(site.ref(reference, "$ref"), site.path("$ref"));
}

/**
 * A `$dynamicRef` whose target has a `$dynamicAnchor` of the same name resolves, at validation
 * time, to the outermost resource in the dynamic scope that declares that anchor; otherwise it
 * behaves as `$ref`.
 */
function dynamicRefCheck(site: SchemaSite): Check | undefined {
  const reference = site.schema.$dynamicRef;
  if (reference === undefined || site.dialect === "draft-07") return undefined;
  if (typeof reference !== "string") site.fail("$dynamicRef", "must be a string");
  const path = site.path("$dynamicRef");
  const initial = site.ref(reference, "$dynamicRef");
  const anchor = splitFragment(reference).fragment;
  const target = site.resources.get(initial.resource.uri)?.dynamicAnchors.get(anchor ?? "");
  const bookends = anchor !== undefined && isObject(target) && target.$dynamicAnchor === anchor;
  if (!bookends) return follow(initial, path);
  for (const resource of new Set(site.resources.values())) {
    const declared = resource.dynamicAnchors.get(anchor);
    if (declared !== undefined && !resource.dynamicNodes.has(anchor)) {
      resource.dynamicNodes.set(anchor, site.ref(`${resource.uri}#${anchor}`, "$dynamicRef"));
    }
  }
  return (value, context, annotations) => {
    let node = initial;
    for (const resource of context.scope) {
      const dynamic = resource.dynamicNodes.get(anchor);
      if (dynamic) {
        node = dynamic;
        break;
      }
    }
    return hop(node, path, value, context, annotations);
  };
}

export function compileReferenceKeywords(site: SchemaSite, checks: Check[]): void {
  for (const check of [refCheck(site), dynamicRefCheck(site)]) if (check) checks.push(check);
}
