import type { StandardInput, StandardSchemaV1 } from "./standard-schema.js";

/**
 * Type-level JSON Schema: the TypeScript type of the values a literal schema (`as const`, or written
 * inline in a `server.tool()` definition) accepts. It covers what tool schemas use: `type` (one or
 * several), `properties` / `required` / `additionalProperties`, `items`, `enum`, `const`, `anyOf`,
 * `oneOf`, `allOf`, and OpenAPI's `nullable`. Anything else (`$ref`, `not`, `if`, `patternProperties`)
 * is `unknown` for the part it governs: the runtime validator still checks it.
 *
 * @example
 * ```ts
 * const schema = {
 *   type: "object",
 *   properties: { city: { type: "string" }, days: { type: "integer" } },
 *   required: ["city"],
 *   additionalProperties: false,
 * } as const;
 * type Args = FromSchema<typeof schema>; // { city: string; days?: number }
 * const args: Args = { city: "Paris" };
 * ```
 */
export type FromSchema<Schema> = Depth<Schema, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]>;

/** The recursion guard: each level drops one element; at zero the type is `unknown`. */
type Depth<S, D extends readonly unknown[]> = D extends readonly [unknown, ...infer Rest]
  ? S extends true
    ? unknown
    : S extends false
      ? never
      : S extends object
        ? Nullable<S, Combined<S, Rest>>
        : unknown
  : unknown;

/** OpenAPI's `nullable: true` (some tool schemas use it) admits `null` too. */
type Nullable<S, T> = S extends { readonly nullable: true } ? T | null : T;

/** `allOf` intersects; `anyOf` / `oneOf` join (each alternative taking the parent's other keywords). */
type Combined<S, D extends readonly unknown[]> = S extends { readonly allOf: readonly unknown[] }
  ? Combined<Omit<S, "allOf">, D> & AllOf<S["allOf"], D>
  : S extends { readonly anyOf: readonly unknown[] }
    ? Alternatives<Omit<S, "anyOf">, S["anyOf"], D>
    : S extends { readonly oneOf: readonly unknown[] }
      ? Alternatives<Omit<S, "oneOf">, S["oneOf"], D>
      : Single<S, D>;

type AllOf<List, D extends readonly unknown[]> = List extends readonly [infer Head, ...infer Tail]
  ? Depth<Head, D> & AllOf<Tail, D>
  : unknown;

type Alternatives<Base, List, D extends readonly unknown[]> = List extends readonly (infer Item)[]
  ? Item extends unknown
    ? keyof Base extends never
      ? Depth<Item, D>
      : Depth<Base & Item, D>
    : never
  : unknown;

/** One schema without combinators: `const`, then `enum`, then `type`. */
type Single<S, D extends readonly unknown[]> = S extends { readonly const: infer C }
  ? Mutable<C>
  : S extends { readonly enum: readonly (infer E)[] }
    ? Mutable<E>
    : S extends { readonly type: infer T }
      ? T extends readonly (infer Each)[]
        ? Each extends unknown
          ? OfType<Each, S, D>
          : never
        : OfType<T, S, D>
      : S extends { readonly properties: object }
        ? OfType<"object", S, D>
        : S extends { readonly items: unknown }
          ? OfType<"array", S, D>
          : unknown;

type OfType<T, S, D extends readonly unknown[]> = T extends "string"
  ? string
  : T extends "number" | "integer"
    ? number
    : T extends "boolean"
      ? boolean
      : T extends "null"
        ? null
        : T extends "array"
          ? ArrayOf<S, D>
          : T extends "object"
            ? ObjectOf<S, D>
            : unknown;

type ArrayOf<S, D extends readonly unknown[]> = S extends { readonly items: infer I }
  ? I extends readonly unknown[]
    ? unknown[]
    : Depth<I, D>[]
  : unknown[];

/** An object type with no members. */
type Empty = Record<never, never>;

type RequiredKeys<S> = S extends { readonly required: readonly (infer K)[] } ? K & string : never;

type Properties<S> = S extends { readonly properties: infer P } ? P : Empty;

/** Extra members: any (absent, `true`), none (`false`), or of a schema. */
type Extra<S, D extends readonly unknown[]> = S extends { readonly additionalProperties: false }
  ? Empty
  : S extends { readonly additionalProperties: infer A }
    ? A extends true
      ? { [key: string]: unknown }
      : { [key: string]: Depth<A, D> | ValuesOf<Properties<S>, D> }
    : { [key: string]: unknown };

type ValuesOf<P, D extends readonly unknown[]> = { [K in keyof P]: Depth<P[K], D> }[keyof P];

type ObjectOf<S, D extends readonly unknown[]> = Flatten<
  {
    -readonly [K in keyof Properties<S> & RequiredKeys<S>]: Depth<Properties<S>[K], D>;
  } & {
    -readonly [K in Exclude<keyof Properties<S>, RequiredKeys<S>>]?: Depth<Properties<S>[K], D>;
  } & {
    // Required names with no property schema: present, of any value.
    -readonly [K in Exclude<RequiredKeys<S>, keyof Properties<S>>]: unknown;
  } & Extra<S, D>
>;

/** One object type instead of an intersection, so that editors show the members. */
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** `as const` makes literals readonly; values parsed from JSON are plain. */
type Mutable<T> = T extends readonly unknown[]
  ? { -readonly [K in keyof T]: Mutable<T[K]> }
  : T extends object
    ? { -readonly [K in keyof T]: Mutable<T[K]> }
    : T;

/**
 * What a tool's handler gets for a JSON Schema: the inferred type when the schema is a literal
 * describing an object, `Record<string, unknown>` when it is not known at compile time.
 */
export type ArgumentsOf<Schema> =
  unknown extends FromSchema<Schema>
    ? Record<string, unknown>
    : FromSchema<Schema> extends Record<string, unknown>
      ? FromSchema<Schema>
      : Record<string, unknown>;

/** What a tool may return as `structuredContent` for its `outputSchema` (any object when none). */
export type StructuredOf<Schema> = [Schema] extends [undefined]
  ? Readonly<Record<string, unknown>>
  : unknown extends FromSchema<Schema>
    ? Readonly<Record<string, unknown>>
    : FromSchema<Schema> extends Record<string, unknown>
      ? FromSchema<Schema>
      : Readonly<Record<string, unknown>>;

/** What a Standard Schema tool may return as `structuredContent`: what its `output` schema accepts. */
export type StructuredOfStandard<Output extends StandardSchemaV1> =
  unknown extends StandardInput<Output>
    ? Readonly<Record<string, unknown>>
    : StandardInput<Output> extends Readonly<Record<string, unknown>>
      ? StandardInput<Output>
      : Readonly<Record<string, unknown>>;
