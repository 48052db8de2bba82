/**
 * 2025-06-18 metadata: a `title` for display beside the programmatic `name` (the new
 * `BaseMetadata`), and a `_meta` object on many more types.
 */
import { type JsonSchema, type Properties, doc, extend, obj, opt, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { completion } from "../2024-11-05/completion.js";
import { meta } from "../2024-11-05/jsonrpc.js";
import { lifecycle } from "../2024-11-05/lifecycle.js";
import { prompts } from "../2024-11-05/prompts.js";
import { resources } from "../2024-11-05/resources.js";
import { roots } from "../2024-11-05/roots.js";
import * as previous from "../2025-03-26/content.js";

/** The properties of `BaseMetadata`: a programmatic name and an optional display title. */
export const baseMetadataProperties: Properties = { name: str(), title: opt(str()) };

/** A copy of an object schema that also has `BaseMetadata`'s name and title. */
export function withBaseMetadata(base: JsonSchema): JsonSchema {
  return extend(base, baseMetadataProperties);
}

/** A copy of an object schema that may also carry `_meta`. */
export function withMeta(base: JsonSchema): JsonSchema {
  return extend(base, { _meta: opt(meta()) });
}

export const metadataAdded = {
  BaseMetadata: doc(
    "A programmatic name plus an optional human-readable title.",
    obj(baseMetadataProperties),
  ),
} satisfies Definitions;

export const metadataChanged = {
  Implementation: withBaseMetadata(lifecycle.Implementation),
  Prompt: withMeta(withBaseMetadata(prompts.Prompt)),
  PromptArgument: withBaseMetadata(prompts.PromptArgument),
  PromptReference: withBaseMetadata(completion.PromptReference),
  Resource: withMeta(withBaseMetadata(previous.contentChanged.Resource)),
  ResourceTemplate: withMeta(withBaseMetadata(previous.contentChanged.ResourceTemplate)),
  ResourceContents: withMeta(resources.ResourceContents),
  TextResourceContents: withMeta(resources.TextResourceContents),
  BlobResourceContents: withMeta(resources.BlobResourceContents),
  Root: withMeta(roots.Root),
} satisfies Definitions;
