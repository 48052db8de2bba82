/**
 * unevaluatedItems and unevaluatedProperties (2020-12): the members no other keyword here (or in
 * a schema applied in place that matched) evaluated. They run after every other keyword.
 */
import { addProperty, type Check, descend, isObject, issue } from "../internal.js";
import { escapeToken } from "../pointer.js";
import type { SchemaSite } from "../site.js";

export function hasUnevaluatedKeywords(site: SchemaSite): boolean {
  return (
    site.dialect === "2020-12" &&
    (site.schema.unevaluatedItems !== undefined || site.schema.unevaluatedProperties !== undefined)
  );
}

export function compileUnevaluatedKeywords(site: SchemaSite, checks: Check[]): void {
  if (!hasUnevaluatedKeywords(site)) return;
  if (site.schema.unevaluatedItems !== undefined) {
    const node = site.sub(site.schema.unevaluatedItems, "unevaluatedItems");
    const isFalse = site.schema.unevaluatedItems === false;
    const path = site.path("unevaluatedItems");
    checks.push((value, context, annotations) => {
      if (!Array.isArray(value) || !annotations || annotations.allItems) return undefined;
      for (let i = annotations.items; i < value.length; i++) {
        if (annotations.itemSet?.has(i)) continue;
        if (isFalse) return issue("unevaluatedItems", path, "is not allowed by unevaluatedItems", `/${i}`);
        const found = descend(node, value[i], context, i);
        if (found) return found;
      }
      annotations.allItems = true;
      return undefined;
    });
  }
  if (site.schema.unevaluatedProperties !== undefined) {
    const node = site.sub(site.schema.unevaluatedProperties, "unevaluatedProperties");
    const isFalse = site.schema.unevaluatedProperties === false;
    const path = site.path("unevaluatedProperties");
    checks.push((value, context, annotations) => {
      if (!isObject(value) || !annotations || annotations.allProperties) return undefined;
      for (const name of Object.keys(value)) {
        if (annotations.properties?.has(name)) continue;
        if (isFalse) {
          const pointer = `/${escapeToken(name)}`;
          return issue("unevaluatedProperties", path, "is not allowed by unevaluatedProperties", pointer);
        }
        const found = descend(node, value[name], context, name);
        if (found) return found;
        addProperty(annotations, name);
      }
      annotations.allProperties = true;
      return undefined;
    });
  }
}
