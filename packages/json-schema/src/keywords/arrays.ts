/** Keywords for arrays: size, uniqueness, prefixItems/items (or draft-07 items/additionalItems), contains. */
import { jsonEqual, jsonHash } from "../equal.js";
import {
  addItem,
  type Check,
  type CompiledNode,
  type Context,
  descend,
  type Issue,
  issue,
  step,
} from "../internal.js";
import { nonNegativeInteger, type SchemaSite, schemaList } from "../site.js";

/**
 * The first pair of equal items, later index first, or undefined. Scalars are looked up by value;
 * arrays and objects are bucketed by a hash that equal JSON values share, and compared only within
 * their bucket, so the check stays linear in the array's size (a hostile array cannot make it quadratic).
 */
function duplicate(items: readonly unknown[], context: Context): [number, number] | undefined {
  const seen = new Map<unknown, number>();
  let buckets: Map<number, number[]> | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item !== "object" || item === null) {
      const earlier = seen.get(item);
      if (earlier !== undefined) return [i, earlier];
      seen.set(item, i);
      continue;
    }
    buckets ??= new Map();
    const hash = jsonHash(item);
    const bucket = buckets.get(hash);
    if (!bucket) {
      buckets.set(hash, [i]);
      continue;
    }
    for (const j of bucket) {
      // Values that share a hash by bad luck (or design) cost a step each: the budget bounds them.
      step(context);
      if (jsonEqual(items[j], item)) return [i, j];
    }
    bucket.push(i);
  }
  return undefined;
}

function sizeChecks(site: SchemaSite, checks: Check[]): void {
  const max = nonNegativeInteger(site, "maxItems");
  if (max !== undefined) {
    const path = site.path("maxItems");
    const message = `must NOT have more than ${max} items`;
    checks.push((value) =>
      Array.isArray(value) && value.length > max ? issue("maxItems", path, message) : undefined,
    );
  }
  const min = nonNegativeInteger(site, "minItems");
  if (min !== undefined) {
    const path = site.path("minItems");
    const message = `must NOT have fewer than ${min} items`;
    checks.push((value) =>
      Array.isArray(value) && value.length < min ? issue("minItems", path, message) : undefined,
    );
  }
  const unique = site.schema.uniqueItems;
  if (unique !== undefined && typeof unique !== "boolean") site.fail("uniqueItems", "must be a boolean");
  if (unique) {
    const path = site.path("uniqueItems");
    checks.push((value, context) => {
      const pair = Array.isArray(value) ? duplicate(value, context) : undefined;
      return pair
        ? issue(
            "uniqueItems",
            path,
            `must NOT have duplicate items (items ${pair[1]} and ${pair[0]} are identical)`,
          )
        : undefined;
    });
  }
}

/** Positional schemas, then one schema for the rest (2020-12 prefixItems/items, draft-07 items/additionalItems). */
function itemChecks(site: SchemaSite, checks: Check[]): void {
  let positional: ReturnType<typeof schemaList>;
  let restName: string;
  if (site.arrayItems) {
    // draft-07 and 2019-09: array-form items are positional and additionalItems the rest; otherwise items is the rest.
    positional = Array.isArray(site.schema.items) ? schemaList(site, "items") : undefined;
    restName = positional ? "additionalItems" : "items";
  } else {
    if (Array.isArray(site.schema.items)) {
      site.fail("items", "must be a schema in 2020-12 (use prefixItems for an array of schemas)");
    }
    positional = schemaList(site, "prefixItems");
    restName = "items";
  }
  const restSource = site.schema[restName];
  const rest = restSource === undefined ? undefined : site.sub(restSource, restName);
  if (!positional && !rest) return;
  const prefixNodes = positional ?? [];
  const restPath = site.path(restName);
  const restIsFalse = restSource === false;
  checks.push((value, context, annotations) => {
    if (!Array.isArray(value)) return undefined;
    const prefix = Math.min(prefixNodes.length, value.length);
    for (let i = 0; i < prefix; i++) {
      const found = descend(prefixNodes[i] as CompiledNode, value[i], context, i);
      if (found) return found;
    }
    if (annotations && prefix > annotations.items) annotations.items = prefix;
    if (!rest || value.length <= prefix) return undefined;
    if (restIsFalse) return issue(restName, restPath, `is not allowed by ${restName}`, `/${prefix}`);
    for (let i = prefix; i < value.length; i++) {
      const found: Issue | undefined = descend(rest, value[i], context, i);
      if (found) return found;
    }
    if (annotations) annotations.allItems = true;
    return undefined;
  });
}

function containsCheck(site: SchemaSite, checks: Check[]): void {
  if (site.schema.contains === undefined) return;
  const contains = site.sub(site.schema.contains, "contains");
  // minContains and maxContains belong to the validation vocabulary.
  const legacy = site.dialect === "draft-07" || !site.validation;
  const min = legacy ? 1 : (nonNegativeInteger(site, "minContains") ?? 1);
  const max = legacy ? undefined : nonNegativeInteger(site, "maxContains");
  const path = site.path("contains");
  checks.push((value, context, annotations) => {
    if (!Array.isArray(value)) return undefined;
    let matched = 0;
    for (let i = 0; i < value.length; i++) {
      if (!descend(contains, value[i], context, i)) {
        matched++;
        if (annotations) addItem(annotations, i);
        else if (matched >= min && max === undefined) return undefined;
        if (max !== undefined && matched > max) {
          return issue("maxContains", site.path("maxContains"), `must contain at most ${max} valid item(s)`);
        }
      }
    }
    if (matched < min) {
      return min === 1 && site.schema.minContains === undefined
        ? issue("contains", path, "must contain at least 1 valid item(s)")
        : issue("minContains", site.path("minContains"), `must contain at least ${min} valid item(s)`);
    }
    return undefined;
  });
}

export function compileArrayKeywords(site: SchemaSite, checks: Check[]): void {
  if (site.validation) sizeChecks(site, checks);
  itemChecks(site, checks);
  containsCheck(site, checks);
}
