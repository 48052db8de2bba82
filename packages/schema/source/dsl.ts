/**
 * A small vocabulary for writing the protocol's JSON Schema by hand.
 *
 * Every builder returns a plain JSON Schema node. Definitions refer to each other with `ref(name)`;
 * the bundler rewrites the pointer for each revision's dialect (`$defs` or `definitions`).
 * Object properties are required unless wrapped in `opt()`.
 */

/** A JSON Schema node, as plain JSON. */
export type JsonSchema = { readonly [keyword: string]: unknown };

const optionalMark = Symbol("optional");

/** A property that may be left out of its object. */
export interface OptionalProperty {
  readonly [optionalMark]: true;
  readonly schema: JsonSchema;
}

export type Properties = Readonly<Record<string, JsonSchema | OptionalProperty>>;

export interface ObjectOptions {
  /**
   * Extra keys: `true` allows any (typed as an index signature of `unknown`), a schema constrains
   * their values, `false` forbids them. Left out, extra keys are allowed on the wire but the
   * generated TypeScript type is closed.
   */
  readonly extra?: boolean | JsonSchema;
  readonly description?: string;
}

/** Marks an object property as optional. */
export function opt(schema: JsonSchema): OptionalProperty {
  return { [optionalMark]: true, schema };
}

function isOptional(value: JsonSchema | OptionalProperty): value is OptionalProperty {
  return (value as OptionalProperty)[optionalMark] === true;
}

/** An object with the given properties; required unless wrapped in `opt()`. */
export function obj(properties: Properties = {}, options: ObjectOptions = {}): JsonSchema {
  const props: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    if (isOptional(value)) {
      props[name] = value.schema;
    } else {
      props[name] = value;
      required.push(name);
    }
  }
  const node: Record<string, unknown> = { type: "object" };
  if (options.description !== undefined) node.description = options.description;
  if (Object.keys(props).length > 0) node.properties = props;
  if (required.length > 0) node.required = required;
  if (options.extra === true) node.additionalProperties = {};
  else if (options.extra !== undefined) node.additionalProperties = options.extra;
  return node;
}

/** An object whose keys are free and whose values all match `values`. */
export function record(values: JsonSchema = {}): JsonSchema {
  return { type: "object", additionalProperties: values };
}

export function str(extra: JsonSchema = {}): JsonSchema {
  return { type: "string", ...extra };
}

/** A string holding a URI (RFC 3986). */
export function uri(): JsonSchema {
  return str({ format: "uri" });
}

/** A string holding an RFC 6570 URI template. */
export function uriTemplate(): JsonSchema {
  return str({ format: "uri-template" });
}

/** A string holding base64-encoded bytes. */
export function base64(): JsonSchema {
  return str({ format: "byte" });
}

export function int(extra: JsonSchema = {}): JsonSchema {
  return { type: "integer", ...extra };
}

export function num(extra: JsonSchema = {}): JsonSchema {
  return { type: "number", ...extra };
}

export function bool(): JsonSchema {
  return { type: "boolean" };
}

/** A single allowed value: a string, integer or boolean literal. */
export function lit(value: string | number | boolean): JsonSchema {
  const type =
    typeof value === "string"
      ? "string"
      : typeof value === "boolean"
        ? "boolean"
        : Number.isInteger(value)
          ? "integer"
          : "number";
  return { type, const: value };
}

/** One of a fixed set of strings. */
export function oneOf(...values: string[]): JsonSchema {
  return { type: "string", enum: values };
}

export function arr(items: JsonSchema, extra: JsonSchema = {}): JsonSchema {
  return { type: "array", items, ...extra };
}

/** A value of any of several JSON types, e.g. `types("string", "integer")`. */
export function types(...names: Array<"string" | "integer" | "number" | "boolean" | "null">): JsonSchema {
  return { type: names };
}

/** A reference to another definition of the same revision. */
export function ref(name: string): JsonSchema {
  return { $ref: `#/$defs/${name}` };
}

/** A value matching at least one of the schemas. */
export function anyOf(...schemas: JsonSchema[]): JsonSchema {
  return { anyOf: schemas };
}

/** A value matching at least one of the named definitions (a union of references). */
export function refsTo(...names: string[]): JsonSchema {
  return anyOf(...names.map((name) => ref(name)));
}

/** A value matching every one of the schemas. */
export function allOf(...schemas: JsonSchema[]): JsonSchema {
  return { allOf: schemas };
}

/** Any JSON value at all (typed `unknown`). */
export function unknown(): JsonSchema {
  return {};
}

/** Attaches our own short description to a schema node. */
export function doc<T extends JsonSchema>(description: string, schema: T): T {
  return { ...schema, description };
}

/**
 * A copy of an object schema with more (or replaced) properties, for revisions that grow a type.
 * Properties are required unless wrapped in `opt()`; a replaced property's required-ness is reset.
 */
export function extend(base: JsonSchema, properties: Properties, options: ObjectOptions = {}): JsonSchema {
  const added = obj(properties, options);
  const baseProps = (base.properties ?? {}) as Record<string, JsonSchema>;
  const addedProps = (added.properties ?? {}) as Record<string, JsonSchema>;
  const replaced = new Set(Object.keys(addedProps));
  const required = [
    ...((base.required ?? []) as string[]).filter((name) => !replaced.has(name)),
    ...((added.required ?? []) as string[]),
  ];
  const node: Record<string, unknown> = { ...base, properties: { ...baseProps, ...addedProps } };
  if (required.length > 0) node.required = required;
  else delete node.required;
  if (options.description !== undefined) node.description = options.description;
  if (added.additionalProperties !== undefined) node.additionalProperties = added.additionalProperties;
  return node;
}

/** A copy of an object schema without the named properties. */
export function omit(base: JsonSchema, ...names: string[]): JsonSchema {
  const props = { ...((base.properties ?? {}) as Record<string, JsonSchema>) };
  for (const name of names) delete props[name];
  const required = ((base.required ?? []) as string[]).filter((name) => !names.includes(name));
  const node: Record<string, unknown> = { ...base, properties: props };
  if (required.length > 0) node.required = required;
  else delete node.required;
  return node;
}
