import type { FormElicitationHandler, SamplingHandler } from "@mcpkit/client";

/** The model's answer to every sampling request. */
export const answerSampling: SamplingHandler = () => ({
  role: "assistant",
  content: { type: "text", text: "This is a test response from the conformance client" },
  model: "conformance-client-model",
  stopReason: "endTurn",
});

export const CLIENT_ROOTS = [{ uri: "file:///conformance/root", name: "Conformance Root" }] as const;

type PropertySchema = Record<string, unknown>;

/**
 * A value a user could have typed for one field: its default, else the first option, else a sample
 * of its type (`text` for plain strings).
 */
export function sampleValue(schema: PropertySchema, text = "conformance"): unknown {
  if (schema.default !== undefined) return schema.default;
  const first = (list: unknown) => (Array.isArray(list) ? list[0] : undefined);
  const constOf = (list: unknown) => (first(list) as { const?: unknown } | undefined)?.const;
  switch (schema.type) {
    case "boolean":
      return true;
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "array": {
      const items = (schema.items ?? {}) as PropertySchema;
      const option = first(items.enum) ?? constOf(items.anyOf) ?? constOf(items.oneOf);
      return option === undefined ? [] : [option];
    }
    default: {
      const option = first(schema.enum) ?? constOf(schema.oneOf) ?? constOf(schema.anyOf);
      if (option !== undefined) return option;
      if (schema.format === "email") return "conformance@example.com";
      if (schema.format === "uri") return "https://example.com/";
      if (schema.format === "date") return "2026-01-01";
      if (schema.format === "date-time") return "2026-01-01T00:00:00Z";
      return text;
    }
  }
}

/** A form handler that accepts every form, filling each field with {@link sampleValue}. */
export function acceptFilling(text: string): FormElicitationHandler {
  return ({ requestedSchema }) => {
    const properties = (requestedSchema.properties ?? {}) as unknown as Record<string, PropertySchema>;
    const content: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(properties)) content[name] = sampleValue(schema, text);
    return { action: "accept", content: content as never };
  };
}

/** Accepts every form, filling each field with {@link sampleValue}. */
export const acceptWithSamples: FormElicitationHandler = acceptFilling("conformance");

/** Accepts every form with no fields of its own: the client fills in the schema's defaults. */
export const acceptDefaults: FormElicitationHandler = () => ({ action: "accept", content: {} });
