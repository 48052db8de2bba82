/**
 * The 2025-06-18 shapes that this revision grows, so each change below reads as "the old shape
 * plus these fields". Only the definitions that 2025-11-25 extends are here.
 */
import {
  anyOf,
  arr,
  bool,
  extend,
  int,
  lit,
  num,
  obj,
  oneOf,
  opt,
  record,
  ref,
  str,
  types,
  uri,
  uriTemplate,
} from "../../dsl.js";

const meta = opt(record());

/** A tool's input or output schema: an object schema with open per-property schemas. */
export const toolObjectSchema = obj({
  type: lit("object"),
  properties: opt(record(record())),
  required: opt(arr(str())),
});

export const Implementation = obj({ name: str(), title: opt(str()), version: str() });

export const Prompt = obj({
  name: str(),
  title: opt(str()),
  description: opt(str()),
  arguments: opt(arr(ref("PromptArgument"))),
  _meta: meta,
});

export const Resource = obj({
  name: str(),
  title: opt(str()),
  uri: uri(),
  description: opt(str()),
  mimeType: opt(str()),
  annotations: opt(ref("Annotations")),
  size: opt(int()),
  _meta: meta,
});

export const ResourceLink = extend(Resource, { type: lit("resource_link") });

export const ResourceTemplate = obj({
  name: str(),
  title: opt(str()),
  uriTemplate: uriTemplate(),
  description: opt(str()),
  mimeType: opt(str()),
  annotations: opt(ref("Annotations")),
  _meta: meta,
});

export const Tool = obj({
  name: str(),
  title: opt(str()),
  description: opt(str()),
  inputSchema: toolObjectSchema,
  outputSchema: opt(toolObjectSchema),
  annotations: opt(ref("ToolAnnotations")),
  _meta: meta,
});

export const StringSchema = obj({
  type: lit("string"),
  title: opt(str()),
  description: opt(str()),
  minLength: opt(int()),
  maxLength: opt(int()),
  format: opt(oneOf("date", "date-time", "email", "uri")),
});

export const NumberSchema = obj({
  type: oneOf("integer", "number"),
  title: opt(str()),
  description: opt(str()),
  minimum: opt(num()),
  maximum: opt(num()),
});

/** The 2025-06-18 `EnumSchema`, kept in 2025-11-25 as `LegacyTitledEnumSchema`. */
export const EnumSchema = obj({
  type: lit("string"),
  title: opt(str()),
  description: opt(str()),
  enum: arr(str()),
  enumNames: opt(arr(str())),
});

/** What a sampled message may hold. */
const samplingContent = anyOf(ref("TextContent"), ref("ImageContent"), ref("AudioContent"));

export const SamplingMessage = obj({ role: ref("Role"), content: samplingContent });

/** The params of `sampling/createMessage`, which were inline in 2025-06-18. */
export const createMessageParams = obj({
  messages: arr(ref("SamplingMessage")),
  modelPreferences: opt(ref("ModelPreferences")),
  systemPrompt: opt(str()),
  includeContext: opt(oneOf("allServers", "none", "thisServer")),
  temperature: opt(num()),
  maxTokens: int(),
  stopSequences: opt(arr(str())),
  metadata: opt(obj({}, { extra: true })),
});

export const CreateMessageResult = obj({
  _meta: meta,
  role: ref("Role"),
  content: samplingContent,
  model: str(),
  stopReason: opt(str()),
});

/** The form an elicitation asks the user to fill: flat, primitive-valued properties. */
export const requestedSchema = obj({
  type: lit("object"),
  properties: record(ref("PrimitiveSchemaDefinition")),
  required: opt(arr(str())),
});

/** The params of `elicitation/create`, which were inline in 2025-06-18. */
export const elicitParams = obj({ message: str(), requestedSchema });

/** `content` values follow the specification's TypeScript: numbers need not be integers. */
export const ElicitResult = obj({
  _meta: meta,
  action: oneOf("accept", "cancel", "decline"),
  content: opt(record(types("string", "number", "boolean"))),
});

/** A capability flag object: present means supported; any keys. */
export const flag = () => obj({}, { extra: true });

export const ClientCapabilities = obj({
  experimental: opt(record(flag())),
  roots: opt(obj({ listChanged: opt(bool()) })),
  sampling: opt(flag()),
  elicitation: opt(flag()),
});

export const ServerCapabilities = obj({
  experimental: opt(record(flag())),
  logging: opt(flag()),
  completions: opt(flag()),
  prompts: opt(obj({ listChanged: opt(bool()) })),
  resources: opt(obj({ subscribe: opt(bool()), listChanged: opt(bool()) })),
  tools: opt(obj({ listChanged: opt(bool()) })),
});
