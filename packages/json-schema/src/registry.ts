/**
 * The first pass over a schema document: its resources (`$id`), anchors and dynamic anchors, and
 * where each subschema is, so `$ref` resolves at compile time without fetching anything.
 */
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

/** The base URI of a document without an `$id`: relative `$id`s and `$ref`s resolve against it. */
export const defaultBaseUri = "mcpkit:/schema.json";

function newResource(uri: string, root: unknown, path: string): Resource {
  return { uri, root, path, anchors: new Map(), dynamicAnchors: new Map(), dynamicNodes: new Map() };
}

function fail(path: string, message: string): never {
  throw new TypeError(`invalid JSON Schema at #${path}: ${message}`);
}

export function scanDocument(root: unknown, dialect: JsonSchemaDialect): Registry {
  const resources = new Map<string, Resource>();
  const locations = new Map<object, Location>();
  let usesDynamicRef = false;
  const anchorPattern = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

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

  const walk = (schema: unknown, base: string, resource: Resource, path: string) => {
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return;
    const node = schema as Readonly<Record<string, unknown>>;
    if (locations.has(node)) return;
    const legacy = dialect === "draft-07";
    // draft-07: an `$id` beside `$ref` is ignored (the subschemas are still scanned: refs may point into them).
    const idIgnored = legacy && typeof node.$ref === "string";
    if (node.$id !== undefined && !idIgnored) {
      if (typeof node.$id !== "string") fail(path, "$id must be a string");
      const { resource: uri, fragment } = splitFragment(resolveUri(base, node.$id));
      if (legacy && node.$id.startsWith("#")) {
        addAnchor(resource.anchors, fragment, node, path, "$id");
      } else {
        if (!legacy && fragment) fail(path, `$id must not have a fragment (got ${JSON.stringify(node.$id)})`);
        base = uri;
        resource = newResource(uri, node, path);
        resources.set(uri, resource);
        if (legacy && fragment) addAnchor(resource.anchors, fragment, node, path, "$id");
      }
    }
    if (!legacy) {
      if (node.$anchor !== undefined) addAnchor(resource.anchors, node.$anchor, node, path, "$anchor");
      if (node.$dynamicAnchor !== undefined) {
        addAnchor(resource.anchors, node.$dynamicAnchor, node, path, "$dynamicAnchor");
        addAnchor(resource.dynamicAnchors, node.$dynamicAnchor, node, path, "$dynamicAnchor");
      }
      if (node.$dynamicRef !== undefined) usesDynamicRef = true;
    }
    locations.set(node, { base, resource, path });
    for (const [sub, tokens] of subschemasOf(node)) {
      walk(sub, base, resource, `${path}/${tokens.map(escapeToken).join("/")}`);
    }
  };

  const rootResource = newResource(defaultBaseUri, root, "");
  resources.set(defaultBaseUri, rootResource);
  walk(root, defaultBaseUri, rootResource, "");
  return { resources, locations, usesDynamicRef };
}
