/**
 * 2025-03-26 content changes: annotations become a named `Annotations` type (replacing the
 * `Annotated` base), and audio joins text and images wherever media content is allowed.
 */
import { anyOf, arr, base64, doc, extend, lit, obj, opt, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { annotationsShape, content } from "../2024-11-05/content.js";
import { prompts } from "../2024-11-05/prompts.js";
import { resources } from "../2024-11-05/resources.js";
import { sampling } from "../2024-11-05/sampling.js";
import { tools } from "../2024-11-05/tools.js";

/** Replaces the inline annotations object with a reference to `Annotations`. */
const annotated = { annotations: opt(ref("Annotations")) };

/** Content a sampling message may carry. */
export const samplingContent = anyOf(ref("TextContent"), ref("ImageContent"), ref("AudioContent"));

/** Content a prompt message or tool result may carry. */
export const messageContent = anyOf(
  ref("TextContent"),
  ref("ImageContent"),
  ref("AudioContent"),
  ref("EmbeddedResource"),
);

export const contentAdded = {
  Annotations: doc(
    "Hints for the client about who content is for and how much it matters.",
    annotationsShape,
  ),
  AudioContent: doc(
    "Base64-encoded audio.",
    obj({ type: lit("audio"), data: base64(), mimeType: str(), ...annotated }),
  ),
} satisfies Definitions;

export const contentChanged = {
  TextContent: extend(content.TextContent, annotated),
  ImageContent: extend(content.ImageContent, annotated),
  EmbeddedResource: extend(content.EmbeddedResource, annotated),
  Resource: extend(resources.Resource, annotated),
  ResourceTemplate: extend(resources.ResourceTemplate, annotated),
  PromptMessage: extend(prompts.PromptMessage, { content: messageContent }),
  CallToolResult: extend(tools.CallToolResult, { content: arr(messageContent) }),
  SamplingMessage: extend(sampling.SamplingMessage, { content: samplingContent }),
  CreateMessageResult: extend(sampling.CreateMessageResult, { content: samplingContent }),
} satisfies Definitions;
