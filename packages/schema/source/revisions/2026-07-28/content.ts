/**
 * Content blocks and resource contents. Their shapes are as in 2025-11-25 except that `_meta` is the
 * shared MetaObject, and a tool result's `structuredContent` may be any JSON value, not only an object.
 */
import { anyOf, base64, extend, lit, obj, opt, ref, str, unknown, uri } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";
import { was } from "./previous.js";
import { dataMeta } from "./shapes.js";

const annotations = { annotations: opt(ref("Annotations")) };

/** An image or audio block: base64 data with its MIME type. */
function media(type: "image" | "audio") {
  return obj({ type: lit(type), data: base64(), mimeType: str(), ...annotations, ...dataMeta });
}

const ResourceContents = obj({ uri: uri(), mimeType: opt(str()), ...dataMeta });

export const content: RevisionPiece = {
  summary: ["A tool result's structuredContent may be any JSON value, not only an object."],
  changed: {
    TextContent: obj({ type: lit("text"), text: str(), ...annotations, ...dataMeta }),
    ImageContent: media("image"),
    AudioContent: media("audio"),
    EmbeddedResource: obj({
      type: lit("resource"),
      resource: anyOf(ref("TextResourceContents"), ref("BlobResourceContents")),
      ...annotations,
      ...dataMeta,
    }),
    ToolUseContent: extend(was.ToolUseContent, dataMeta),
    ToolResultContent: extend(was.ToolResultContent, { structuredContent: opt(unknown()), ...dataMeta }),
    ResourceContents,
    TextResourceContents: extend(ResourceContents, { text: str() }),
    BlobResourceContents: extend(ResourceContents, { blob: base64() }),
  },
};
