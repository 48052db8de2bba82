/**
 * The first pass over a schema document and the documents it references: their resources (`$id`),
 * anchors and dynamic anchors, each resource's dialect and vocabularies, and where each subschema
 * is, so `$ref` resolves at compile time without fetching anything.
 */
import { defaultVocabularies, dialectOf, isDraft201909, vocabulariesOf } from "./dialect.js";
import type { Resource } from "./internal.js";
import { escapeToken } from "./pointer.js";
import { subschemasOf } from "./subschemas.js";
import type { JsonSchemaDialect } from "./types.js";
import { resolveUri, splitFragment } from "./uri.js";

/** Where a subschema is: its base URI, its resource, and its pointer from the document root. */
export interface Location {
  readonly base: string;
  readonly resource: Resource;
  readonly path: string;
}

export interface Registry {
  readonly resources: Map<string, Resource>;
  readonly locations: Map<object, Location>;
  /** Whether any `$dynamicRef` appears: only then do validators track the dynamic scope. */
  readonly usesDynamicRef: boolean;
}

/** Finds a document other than the one compiled by its URI (no fragment): registered or built in. */
export type DocumentLookup = (uri: string) => unknown;

/** The base URI of a document without an `$id`: relative `$id`s and `$ref`s resolve against it. */
export const defaultBaseUri = "mcpkit:/schema.json";

function fail(path: string, message: string): never {
  throw new TypeError(`invalid JSON Schema at #${path}: ${message}`);
}

const anchorPattern = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * Scans `root` (read in `dialect`), then every other document a `$ref` in it (or in a document
 * scanned so far) names that `lookup` knows. Those without `$schema` are read in `dialect` too.
 */
export function scanDocuments(root: unknown, dialect: JsonSchemaDialect, lookup: DocumentLookup): Registry {
  const resources = new Map<string, Resource>();
  const locations = new Map<object, Location>();
  let usesDynamicRef = false;
  const references: [base: string, reference: string][] = [];

  const addAnchor = (
    map: Map<string, unknown>,
    name: unknown,
    schema: unknown,
    path: string,
    keyword: string,
  ) => {
    if (typeof name !== "string" || !anchorPattern.test(name)) {
      fail(
        path,
        `${keyword} must be a name of letters, digits, "-", "_" and "." (got ${JSON.stringify(name)})`,
      );
    }
    map.set(name, schema);
  };

  const newResource = (
    uri: string,
    node: unknown,
    path: string,
    parent: Resource | undefined,
    forced?: JsonSchemaDialect,
  ): Resource => {
    const own = typeof node === "object" && node !== null ? (node as Record<string, unknown>) : {};
    const declared = typeof own.$schema === "string" ? own.$schema : undefined;
    const resourceDialect =
      forced ?? (declared === undefined ? (parent?.dialect ?? dialect) : dialectOf(own));
    let vocabularies = parent?.vocabularies ?? defaultVocabularies;
    if (declared !== undefined && resourceDialect === "2020-12") {
      const meta = lookup(splitFragment(resolveUri(uri, declared)).resource);
      vocabularies =
        vocabulariesOf(meta, (message) => fail(`${path}/$schema`, message)) ?? defaultVocabularies;
    }
    const arrayItems =
      resourceDialect === "draft-07" ||
      (declared === undefined ? (parent?.arrayItems ?? false) : isDraft201909(own));
    return {
      uri,
      root: node,
      path,
      dialect: resourceDialect,
      arrayItems,
      vocabularies,
      anchors: new Map(),
      dynamicAnchors: new Map(),
      dynamicNodes: new Map(),
    };
  };

  const walk = (schema: unknown, base: string, resource: Resource, path: string) => {
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return;
    const node = schema as Readonly<Record<string, unknown>>;
    if (locations.has(node)) return;
    const legacy = resource.dialect === "draft-07";
    // draft-07: an `$id` beside `$ref` is ignored (the subschemas are still scanned: refs may point into them).
    const idIgnored = legacy && typeof node.$ref === "string";
    if (node.$id !== undefined && !idIgnored) {
      if (typeof node.$id !== "string") fail(path, "$id must be a string");
      const { resource: uri, fragment } = splitFragment(resolveUri(base, node.$id));
      if (legacy && node.$id.startsWith("#")) {
        addAnchor(resource.anchors, fragment, node, path, "$id");
      } else {
        if (!legacy && fragment) fail(path, `$id must not have a fragment (got ${JSON.stringify(node.$id)})`);
        // A document's root resource already has its `$id` (see `scan`).
        if (node !== resource.root) {
          base = uri;
          resource = newResource(uri, node, path, resource);
          resources.set(uri, resource);
        }
        if (legacy && fragment) addAnchor(resource.anchors, fragment, node, path, "$id");
      }
    }
    if (resource.dialect !== "draft-07") {
      if (node.$anchor !== undefined) addAnchor(resource.anchors, node.$anchor, node, path, "$anchor");
      if (node.$dynamicAnchor !== undefined) {
        addAnchor(resource.anchors, node.$dynamicAnchor, node, path, "$dynamicAnchor");
        addAnchor(resource.dynamicAnchors, node.$dynamicAnchor, node, path, "$dynamicAnchor");
      }
      if (typeof node.$dynamicRef === "string") {
        usesDynamicRef = true;
        references.push([base, node.$dynamicRef]);
      }
    }
    if (typeof node.$ref === "string") references.push([base, node.$ref]);
    locations.set(node, { base, resource, path });
    for (const [sub, tokens] of subschemasOf(node)) {
      walk(sub, base, resource, `${path}/${tokens.map(escapeToken).join("/")}`);
    }
  };

  /** A document's root resource, named by its root `$id` if it has one, and by the URI it is known by. */
  const scan = (document: unknown, uri: string, forced?: JsonSchemaDialect) => {
    let base = uri;
    if (typeof document === "object" && document !== null && !Array.isArray(document)) {
      const node = document as Readonly<Record<string, unknown>>;
      const legacy =
        (forced ?? (typeof node.$schema === "string" ? dialectOf(node) : dialect)) === "draft-07";
      const ignored = legacy && typeof node.$ref === "string";
      if (typeof node.$id === "string" && !node.$id.startsWith("#") && !ignored) {
        base = splitFragment(resolveUri(uri, node.$id)).resource;
      }
    }
    const resource = newResource(base, document, "", undefined, forced);
    if (!resources.has(uri)) resources.set(uri, resource);
    if (!resources.has(base)) resources.set(base, resource);
    walk(document, base, resource, "");
  };

  scan(root, defaultBaseUri, dialect);
  // Every document a reference names, transitively: each scanned once, before anything compiles.
  for (let i = 0; i < references.length; i++) {
    const [base, reference] = references[i] as [string, string];
    const uri = splitFragment(resolveUri(base, reference)).resource;
    if (resources.has(uri)) continue;
    const document = lookup(uri);
    if (document !== undefined) scan(document, uri);
  }
  return { resources, locations, usesDynamicRef };
}
