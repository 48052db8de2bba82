/** Turns a schema document into a tree of closures: each schema object compiled once, `$ref`s wired to their targets. */
import {
  type Check,
  type CompiledNode,
  issue,
  mergeAnnotations,
  newAnnotations,
  type Resource,
} from "./internal.js";
import { compileApplicatorKeywords } from "./keywords/applicators.js";
import { compileArrayKeywords } from "./keywords/arrays.js";
import { compileGenericKeywords } from "./keywords/generic.js";
import { compileNumberKeywords } from "./keywords/numbers.js";
import { compileObjectKeywords } from "./keywords/objects.js";
import { compileReferenceKeywords } from "./keywords/references.js";
import { compileStringKeywords } from "./keywords/strings.js";
import { compileUnevaluatedKeywords, hasUnevaluatedKeywords } from "./keywords/unevaluated.js";
import { isMetaSchemaUri } from "./meta-schemas.js";
import { escapeToken, parseFragmentPointer, walkPointer } from "./pointer.js";
import { type DocumentLookup, type Location, type Registry, scanDocuments } from "./registry.js";
import type { SchemaSite } from "./site.js";
import type { JsonSchemaDialect, JsonSchemaRegexFactory } from "./types.js";
import { resolveUri, splitFragment } from "./uri.js";

/** Keyword groups in the order they run: the first failing keyword is the one reported. */
const keywordGroups = [
  compileReferenceKeywords,
  compileGenericKeywords,
  compileNumberKeywords,
  compileStringKeywords,
  compileArrayKeywords,
  compileObjectKeywords,
  compileApplicatorKeywords,
  compileUnevaluatedKeywords,
];

function invalid(path: string, message: string): never {
  throw new TypeError(`invalid JSON Schema at #${path}: ${message}`);
}

const accept: Check = () => undefined;

/** Runs a schema's checks in order, collecting annotations and tracking the dynamic scope only where needed. */
function assemble(checks: Check[], collects: boolean, resource: Resource, tracksScope: boolean): Check {
  if (!collects && !tracksScope) {
    if (checks.length === 0) return accept;
    if (checks.length === 1) return checks[0] as Check;
    return (value, context, annotations) => {
      for (const check of checks) {
        const found = check(value, context, annotations);
        if (found) return found;
      }
      return undefined;
    };
  }
  return (value, context, annotations) => {
    const own = collects ? newAnnotations() : annotations;
    const scope = context.scope;
    const entered = tracksScope && scope[scope.length - 1] !== resource;
    if (entered) scope.push(resource);
    let found: ReturnType<Check>;
    for (const check of checks) {
      found = check(value, context, own);
      if (found) break;
    }
    if (entered) scope.pop();
    if (!found && collects && annotations && own) mergeAnnotations(annotations, own);
    return found;
  };
}

export interface CompiledDocument {
  readonly root: CompiledNode;
}

export interface DocumentOptions {
  readonly dialect: JsonSchemaDialect;
  readonly assertFormats: boolean;
  /** Other documents by URI (registered ones, then the built-in meta-schemas). */
  readonly lookup: DocumentLookup;
  readonly regex: JsonSchemaRegexFactory;
}

export function compileDocument(document: unknown, options: DocumentOptions): CompiledDocument {
  const registry: Registry = scanDocuments(document, options.dialect, options.lookup);
  const nodes = new Map<object, CompiledNode>();

  const compileNode = (schema: unknown, fallback: Location): CompiledNode => {
    if (typeof schema === "boolean") {
      const path = `#${fallback.path}`;
      const validate: Check = schema
        ? accept
        : () => issue("false", path, "is not allowed (the schema is false)");
      return { validate, resource: fallback.resource };
    }
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
      invalid(fallback.path, `a schema must be an object or a boolean (got ${JSON.stringify(schema)})`);
    }
    const cached = nodes.get(schema);
    if (cached) return cached;
    const location = registry.locations.get(schema) ?? fallback;
    const node: CompiledNode = { validate: accept, resource: location.resource };
    nodes.set(schema, node);
    const site = siteFor(schema as Readonly<Record<string, unknown>>, location);
    const checks: Check[] = [];
    // draft-07 ignores every keyword beside `$ref`.
    if (site.dialect === "draft-07" && "$ref" in schema) compileReferenceKeywords(site, checks);
    else for (const group of keywordGroups) group(site, checks);
    node.validate = assemble(
      checks,
      hasUnevaluatedKeywords(site),
      location.resource,
      registry.usesDynamicRef,
    );
    return node;
  };

  const resolve = (reference: string, location: Location, keyword: string): CompiledNode => {
    const where = `${location.path}/${keyword}`;
    const { resource: uri, fragment } = splitFragment(resolveUri(location.base, reference));
    const resource = registry.resources.get(uri);
    if (!resource) {
      if (isMetaSchemaUri(uri)) {
        invalid(
          where,
          `${JSON.stringify(reference)} is a meta-schema that is not built in (only the draft-07 and 2020-12 ones are); give it in the documents option`,
        );
      }
      invalid(
        where,
        `cannot resolve ${JSON.stringify(reference)}: no schema in this document has that $id (other documents are not fetched)`,
      );
    }
    if (fragment === undefined || fragment === "")
      return compileNode(resource.root, locationOf(resource, ""));
    const tokens = parseFragmentPointer(fragment);
    if (tokens) {
      const target = walkPointer(resource.root, tokens);
      if (target === undefined)
        invalid(where, `cannot resolve ${JSON.stringify(reference)}: nothing at that pointer`);
      return compileNode(
        target,
        locationOf(resource, tokens.map((token) => `/${escapeToken(token)}`).join("")),
      );
    }
    const anchored = resource.anchors.get(fragment);
    if (anchored === undefined) invalid(where, `cannot resolve ${JSON.stringify(reference)}: no such anchor`);
    return compileNode(anchored, locationOf(resource, ""));
  };

  const locationOf = (resource: Resource, pointer: string): Location => ({
    base: resource.uri,
    resource,
    path: resource.path + pointer,
  });

  const siteFor = (schema: Readonly<Record<string, unknown>>, location: Location): SchemaSite => ({
    schema,
    dialect: location.resource.dialect,
    arrayItems: location.resource.arrayItems,
    validation: location.resource.dialect === "draft-07" || location.resource.vocabularies.validation,
    assertFormats: options.assertFormats || location.resource.vocabularies.formatAssertion,
    regex: options.regex,
    usesDynamicRef: registry.usesDynamicRef,
    resources: registry.resources,
    path: (...tokens) => `#${location.path}/${tokens.map(escapeToken).join("/")}`,
    sub: (value, ...tokens) =>
      compileNode(value, { ...location, path: `${location.path}/${tokens.map(escapeToken).join("/")}` }),
    ref: (reference, keyword) => resolve(reference, location, keyword),
    fail: (keyword, message) => invalid(`${location.path}/${escapeToken(keyword)}`, `${keyword} ${message}`),
  });

  const rootResource = registry.resources.get(registry.locations.get(document as object)?.base ?? "");
  const root = compileNode(document, {
    base: rootResource?.uri ?? "",
    resource: rootResource ?? ([...registry.resources.values()][0] as Resource),
    path: "",
  });
  // Compile every subschema nobody references too (definitions, a `then` without `if`...), so a
  // malformed one (a bad pattern, say) fails now rather than never.
  for (const [schema, location] of registry.locations) compileNode(schema, location);
  return { root };
}
