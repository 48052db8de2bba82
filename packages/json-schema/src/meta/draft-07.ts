/** The draft-07 meta-schema, as the JSON Schema specification publishes it (specification data). */
import type { JsonSchema } from "../types.js";

const ref = (target: string) => ({ $ref: target });

/** Built when first needed, so importing the package does not pay for it. */
export function draft07MetaSchema(): JsonSchema {
  const self = ref("#");
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "http://json-schema.org/draft-07/schema#",
    title: "Core schema meta-schema",
    definitions: {
      schemaArray: { type: "array", minItems: 1, items: self },
      nonNegativeInteger: { type: "integer", minimum: 0 },
      nonNegativeIntegerDefault0: { allOf: [ref("#/definitions/nonNegativeInteger"), { default: 0 }] },
      simpleTypes: { enum: ["array", "boolean", "integer", "null", "number", "object", "string"] },
      stringArray: { type: "array", items: { type: "string" }, uniqueItems: true, default: [] },
    },
    type: ["object", "boolean"],
    properties: {
      $id: { type: "string", format: "uri-reference" },
      $schema: { type: "string", format: "uri" },
      $ref: { type: "string", format: "uri-reference" },
      $comment: { type: "string" },
      title: { type: "string" },
      description: { type: "string" },
      default: true,
      readOnly: { type: "boolean", default: false },
      writeOnly: { type: "boolean", default: false },
      examples: { type: "array", items: true },
      multipleOf: { type: "number", exclusiveMinimum: 0 },
      maximum: { type: "number" },
      exclusiveMaximum: { type: "number" },
      minimum: { type: "number" },
      exclusiveMinimum: { type: "number" },
      maxLength: ref("#/definitions/nonNegativeInteger"),
      minLength: ref("#/definitions/nonNegativeIntegerDefault0"),
      pattern: { type: "string", format: "regex" },
      additionalItems: self,
      items: { anyOf: [self, ref("#/definitions/schemaArray")], default: true },
      maxItems: ref("#/definitions/nonNegativeInteger"),
      minItems: ref("#/definitions/nonNegativeIntegerDefault0"),
      uniqueItems: { type: "boolean", default: false },
      contains: self,
      maxProperties: ref("#/definitions/nonNegativeInteger"),
      minProperties: ref("#/definitions/nonNegativeIntegerDefault0"),
      required: ref("#/definitions/stringArray"),
      additionalProperties: self,
      definitions: { type: "object", additionalProperties: self, default: {} },
      properties: { type: "object", additionalProperties: self, default: {} },
      patternProperties: {
        type: "object",
        additionalProperties: self,
        propertyNames: { format: "regex" },
        default: {},
      },
      dependencies: {
        type: "object",
        additionalProperties: { anyOf: [self, ref("#/definitions/stringArray")] },
      },
      propertyNames: self,
      const: true,
      enum: { type: "array", items: true },
      type: {
        anyOf: [
          ref("#/definitions/simpleTypes"),
          { type: "array", items: ref("#/definitions/simpleTypes"), minItems: 1, uniqueItems: true },
        ],
      },
      format: { type: "string" },
      contentMediaType: { type: "string" },
      contentEncoding: { type: "string" },
      if: self,
      then: self,
      else: self,
      allOf: ref("#/definitions/schemaArray"),
      anyOf: ref("#/definitions/schemaArray"),
      oneOf: ref("#/definitions/schemaArray"),
      not: self,
    },
    default: true,
  };
}
