/**
 * The 2020-12 meta-schema and its vocabulary meta-schemas, as the JSON Schema specification
 * publishes them (specification data), plus the format-assertion vocabulary's meta-schema.
 */
import type { JsonSchema } from "../types.js";

const base = "https://json-schema.org/draft/2020-12";
const dialect = `${base}/schema`;
const vocab = (name: string) => `${base}/vocab/${name}`;
const meta = { $dynamicRef: "#meta" };
const ref = (target: string) => ({ $ref: target });

/** One vocabulary's meta-schema: its `$id`, `$vocabulary` and the usual frame around its keywords. */
function vocabularyMetaSchema(
  name: string,
  title: string,
  properties: Record<string, unknown>,
  defs?: Record<string, unknown>,
): JsonSchema {
  return {
    $schema: dialect,
    $id: `${base}/meta/${name}`,
    $vocabulary: { [vocab(name)]: true },
    $dynamicAnchor: "meta",
    title,
    type: ["object", "boolean"],
    properties,
    ...(defs ? { $defs: defs } : {}),
  };
}

/**
 * The 2020-12 meta-schema and the meta-schemas of its vocabularies, by `$id`: built when first
 * needed, so importing the package does not pay for them.
 */
export function draft202012MetaSchemas(): ReadonlyMap<string, JsonSchema> {
  const core = vocabularyMetaSchema(
    "core",
    "Core vocabulary meta-schema",
    {
      $id: {
        $ref: "#/$defs/uriReferenceString",
        $comment: "Non-empty fragments not allowed.",
        pattern: "^[^#]*#?$",
      },
      $schema: ref("#/$defs/uriString"),
      $ref: ref("#/$defs/uriReferenceString"),
      $anchor: ref("#/$defs/anchorString"),
      $dynamicRef: ref("#/$defs/uriReferenceString"),
      $dynamicAnchor: ref("#/$defs/anchorString"),
      $vocabulary: {
        type: "object",
        propertyNames: ref("#/$defs/uriString"),
        additionalProperties: { type: "boolean" },
      },
      $comment: { type: "string" },
      $defs: { type: "object", additionalProperties: meta },
    },
    {
      anchorString: { type: "string", pattern: "^[A-Za-z_][-A-Za-z0-9._]*$" },
      uriString: { type: "string", format: "uri" },
      uriReferenceString: { type: "string", format: "uri-reference" },
    },
  );

  const schemaMap = { type: "object", additionalProperties: meta, default: {} };

  const applicator = vocabularyMetaSchema(
    "applicator",
    "Applicator vocabulary meta-schema",
    {
      prefixItems: ref("#/$defs/schemaArray"),
      items: meta,
      contains: meta,
      additionalProperties: meta,
      properties: schemaMap,
      patternProperties: { ...schemaMap, propertyNames: { format: "regex" } },
      dependentSchemas: schemaMap,
      propertyNames: meta,
      if: meta,
      then: meta,
      else: meta,
      allOf: ref("#/$defs/schemaArray"),
      anyOf: ref("#/$defs/schemaArray"),
      oneOf: ref("#/$defs/schemaArray"),
      not: meta,
    },
    { schemaArray: { type: "array", minItems: 1, items: meta } },
  );

  const unevaluated = vocabularyMetaSchema("unevaluated", "Unevaluated applicator vocabulary meta-schema", {
    unevaluatedItems: meta,
    unevaluatedProperties: meta,
  });

  const nonNegativeInteger = ref("#/$defs/nonNegativeInteger");
  const nonNegativeIntegerDefault0 = ref("#/$defs/nonNegativeIntegerDefault0");

  const validation = vocabularyMetaSchema(
    "validation",
    "Validation vocabulary meta-schema",
    {
      type: {
        anyOf: [
          ref("#/$defs/simpleTypes"),
          { type: "array", items: ref("#/$defs/simpleTypes"), minItems: 1, uniqueItems: true },
        ],
      },
      const: true,
      enum: { type: "array", items: true },
      multipleOf: { type: "number", exclusiveMinimum: 0 },
      maximum: { type: "number" },
      exclusiveMaximum: { type: "number" },
      minimum: { type: "number" },
      exclusiveMinimum: { type: "number" },
      maxLength: nonNegativeInteger,
      minLength: nonNegativeIntegerDefault0,
      pattern: { type: "string", format: "regex" },
      maxItems: nonNegativeInteger,
      minItems: nonNegativeIntegerDefault0,
      uniqueItems: { type: "boolean", default: false },
      maxContains: nonNegativeInteger,
      minContains: { $ref: "#/$defs/nonNegativeInteger", default: 1 },
      maxProperties: nonNegativeInteger,
      minProperties: nonNegativeIntegerDefault0,
      required: ref("#/$defs/stringArray"),
      dependentRequired: { type: "object", additionalProperties: ref("#/$defs/stringArray") },
    },
    {
      nonNegativeInteger: { type: "integer", minimum: 0 },
      nonNegativeIntegerDefault0: { $ref: "#/$defs/nonNegativeInteger", default: 0 },
      simpleTypes: { enum: ["array", "boolean", "integer", "null", "number", "object", "string"] },
      stringArray: { type: "array", items: { type: "string" }, uniqueItems: true, default: [] },
    },
  );

  const metaData = vocabularyMetaSchema("meta-data", "Meta-data vocabulary meta-schema", {
    title: { type: "string" },
    description: { type: "string" },
    default: true,
    deprecated: { type: "boolean", default: false },
    readOnly: { type: "boolean", default: false },
    writeOnly: { type: "boolean", default: false },
    examples: { type: "array", items: true },
  });

  const formatAnnotation = vocabularyMetaSchema(
    "format-annotation",
    "Format vocabulary meta-schema for annotation results",
    { format: { type: "string" } },
  );

  const formatAssertion = vocabularyMetaSchema(
    "format-assertion",
    "Format vocabulary meta-schema for assertion results",
    { format: { type: "string" } },
  );

  const content = vocabularyMetaSchema("content", "Content vocabulary meta-schema", {
    contentEncoding: { type: "string" },
    contentMediaType: { type: "string" },
    contentSchema: meta,
  });

  const schema: JsonSchema = {
    $schema: dialect,
    $id: dialect,
    $vocabulary: Object.fromEntries(
      ["core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "content"].map(
        (name) => [vocab(name), true],
      ),
    ),
    $dynamicAnchor: "meta",
    title: "Core and Validation specifications meta-schema",
    allOf: [
      ref("meta/core"),
      ref("meta/applicator"),
      ref("meta/unevaluated"),
      ref("meta/validation"),
      ref("meta/meta-data"),
      ref("meta/format-annotation"),
      ref("meta/content"),
    ],
    type: ["object", "boolean"],
    $comment:
      "This meta-schema also defines keywords that have appeared in previous drafts in order to prevent incompatible extensions as they remain in common use.",
    properties: {
      definitions: {
        $comment: '"definitions" has been replaced by "$defs".',
        type: "object",
        additionalProperties: meta,
        deprecated: true,
        default: {},
      },
      dependencies: {
        $comment:
          '"dependencies" has been split and replaced by "dependentSchemas" and "dependentRequired" in order to serve their differing semantics.',
        type: "object",
        additionalProperties: { anyOf: [meta, ref("meta/validation#/$defs/stringArray")] },
        deprecated: true,
        default: {},
      },
      $recursiveAnchor: {
        $comment: '"$recursiveAnchor" has been replaced by "$dynamicAnchor".',
        $ref: "meta/core#/$defs/anchorString",
        deprecated: true,
      },
      $recursiveRef: {
        $comment: '"$recursiveRef" has been replaced by "$dynamicRef".',
        $ref: "meta/core#/$defs/uriReferenceString",
        deprecated: true,
      },
    },
  };

  return new Map(
    [
      schema,
      core,
      applicator,
      unevaluated,
      validation,
      metaData,
      formatAnnotation,
      formatAssertion,
      content,
    ].map((document) => [(document as { $id: string }).$id, document]),
  );
}
