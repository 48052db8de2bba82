/** In-place applicators: allOf, anyOf, oneOf, not, if/then/else. They pass annotations on only from schemas that matched. */
import {
  type Annotations,
  type Check,
  type Issue,
  issue,
  mergeAnnotations,
  newAnnotations,
} from "../internal.js";
import { type SchemaSite, schemaList } from "../site.js";

function allOfCheck(site: SchemaSite, checks: Check[]): void {
  const nodes = schemaList(site, "allOf");
  if (!nodes) return;
  checks.push((value, context, annotations) => {
    for (const node of nodes) {
      const found = node.validate(value, context, annotations);
      if (found) return found;
    }
    return undefined;
  });
}

function anyOfCheck(site: SchemaSite, checks: Check[]): void {
  const nodes = schemaList(site, "anyOf");
  if (!nodes) return;
  const path = site.path("anyOf");
  checks.push((value, context, annotations) => {
    let matched = false;
    for (const node of nodes) {
      if (!annotations) {
        if (!node.validate(value, context, undefined)) return undefined;
        continue;
      }
      // Collecting annotations: every matching branch counts, so none may be skipped.
      const own = newAnnotations();
      if (!node.validate(value, context, own)) {
        matched = true;
        mergeAnnotations(annotations, own);
      }
    }
    return matched ? undefined : issue("anyOf", path, "must match a schema in anyOf");
  });
}

function oneOfCheck(site: SchemaSite, checks: Check[]): void {
  const nodes = schemaList(site, "oneOf");
  if (!nodes) return;
  const path = site.path("oneOf");
  checks.push((value, context, annotations) => {
    let first = -1;
    let kept: Annotations | undefined;
    for (let i = 0; i < nodes.length; i++) {
      const own = annotations ? newAnnotations() : undefined;
      if ((nodes[i] as (typeof nodes)[number]).validate(value, context, own)) continue;
      if (first >= 0) {
        return issue("oneOf", path, `must match exactly one schema in oneOf (matches ${first} and ${i})`);
      }
      first = i;
      kept = own;
    }
    if (first < 0) return issue("oneOf", path, "must match exactly one schema in oneOf (matches none)");
    if (annotations && kept) mergeAnnotations(annotations, kept);
    return undefined;
  });
}

function notCheck(site: SchemaSite, checks: Check[]): void {
  if (site.schema.not === undefined) return;
  const node = site.sub(site.schema.not, "not");
  const path = site.path("not");
  checks.push((value, context) =>
    node.validate(value, context, undefined)
      ? undefined
      : issue("not", path, "must NOT be valid against the schema in not"),
  );
}

function conditionalCheck(site: SchemaSite, checks: Check[]): void {
  if (site.schema.if === undefined) return;
  const condition = site.sub(site.schema.if, "if");
  const then = site.schema.then === undefined ? undefined : site.sub(site.schema.then, "then");
  const otherwise = site.schema.else === undefined ? undefined : site.sub(site.schema.else, "else");
  if (!then && !otherwise) {
    // Alone, `if` only matters for the annotations it contributes.
    checks.push((value, context, annotations) => {
      if (!annotations) return undefined;
      const own = newAnnotations();
      if (!condition.validate(value, context, own)) mergeAnnotations(annotations, own);
      return undefined;
    });
    return;
  }
  checks.push((value, context, annotations): Issue | undefined => {
    const own = annotations ? newAnnotations() : undefined;
    if (!condition.validate(value, context, own)) {
      if (annotations && own) mergeAnnotations(annotations, own);
      return then?.validate(value, context, annotations);
    }
    return otherwise?.validate(value, context, annotations);
  });
}

export function compileApplicatorKeywords(site: SchemaSite, checks: Check[]): void {
  allOfCheck(site, checks);
  anyOfCheck(site, checks);
  oneOfCheck(site, checks);
  notCheck(site, checks);
  conditionalCheck(site, checks);
}
