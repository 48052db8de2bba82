/** A JSON Schema object, as far as the CLI reads one. */
export interface ObjectSchema {
  readonly type?: unknown;
  readonly properties?: Readonly<Record<string, PropertySchema>>;
  readonly required?: readonly string[];
}

export interface PropertySchema {
  readonly type?: unknown;
  readonly enum?: readonly unknown[];
  readonly items?: PropertySchema;
  readonly description?: string;
  readonly default?: unknown;
  readonly anyOf?: readonly PropertySchema[];
  readonly oneOf?: readonly PropertySchema[];
  readonly const?: unknown;
}

/** `string`, `number[]`, `"a"|"b"`, `string|null`: a property's type in a few characters. */
export function typeOf(schema: PropertySchema | undefined): string {
  if (!schema || typeof schema !== "object") return "any";
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join("|");
  if ("const" in schema) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join("|");
  if (Array.isArray(schema.type)) return schema.type.join("|");
  if (schema.type === "array") return `${typeOf(schema.items)}[]`;
  return typeof schema.type === "string" ? schema.type : "any";
}

/** `a: number, b?: string`: a tool's or prompt's arguments on one line. */
export function summarizeSchema(schema: ObjectSchema | undefined): string {
  const properties = schema?.properties ?? {};
  const required = new Set(schema?.required ?? []);
  const parts = Object.entries(properties).map(
    ([name, property]) => `${name}${required.has(name) ? "" : "?"}: ${typeOf(property)}`,
  );
  return parts.length > 0 ? parts.join(", ") : "(none)";
}
