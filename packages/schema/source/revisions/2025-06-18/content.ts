/**
 * 2025-06-18 content: resource links (a pointer to a resource instead of its contents), one
 * `ContentBlock` union for prompts and tool results, `_meta` on every block, and a last-modified
 * annotation.
 */
import { doc, extend, lit, opt, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { refsTo } from "../../dsl.js";
import * as previous from "../2025-03-26/content.js";
import { metadataChanged, withMeta } from "./metadata.js";

/** The members of `ContentBlock`. */
export const contentBlocks = [
  "TextContent",
  "ImageContent",
  "AudioContent",
  "ResourceLink",
  "EmbeddedResource",
];

export const contentAdded = {
  ResourceLink: doc(
    "A resource the client can fetch, referred to rather than embedded.",
    extend(metadataChanged.Resource, { type: lit("resource_link") }),
  ),
  ContentBlock: doc("Any block of content in a prompt message or tool result.", refsTo(...contentBlocks)),
} satisfies Definitions;

export const contentChanged = {
  Annotations: extend(previous.contentAdded.Annotations, { lastModified: opt(str()) }),
  TextContent: withMeta(previous.contentChanged.TextContent),
  ImageContent: withMeta(previous.contentChanged.ImageContent),
  AudioContent: withMeta(previous.contentAdded.AudioContent),
  EmbeddedResource: withMeta(previous.contentChanged.EmbeddedResource),
  PromptMessage: extend(previous.contentChanged.PromptMessage, { content: ref("ContentBlock") }),
} satisfies Definitions;
