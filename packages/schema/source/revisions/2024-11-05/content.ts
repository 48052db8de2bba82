/** Content blocks shared by prompts, tools and sampling, and their audience annotations. */
import { type JsonSchema, anyOf, arr, base64, doc, lit, num, obj, oneOf, opt, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";

/** A weight between 0 and 1. */
export function unitInterval(): JsonSchema {
  return num({ minimum: 0, maximum: 1 });
}

/** Hints for the client about who a piece of content is for and how much it matters. */
export const annotationsShape = obj({
  audience: opt(arr(ref("Role"))),
  priority: opt(unitInterval()),
});

/** The embedded resource body: text or binary contents. */
export const resourceContentsUnion = anyOf(ref("TextResourceContents"), ref("BlobResourceContents"));

export const content = {
  Role: doc("Who a message or piece of content comes from or is meant for.", oneOf("assistant", "user")),
  Annotated: obj({ annotations: opt(annotationsShape) }),
  TextContent: obj({ type: lit("text"), text: str(), annotations: opt(annotationsShape) }),
  ImageContent: obj({
    type: lit("image"),
    data: base64(),
    mimeType: str(),
    annotations: opt(annotationsShape),
  }),
  EmbeddedResource: doc(
    "A resource's contents placed inline in a message.",
    obj({ type: lit("resource"), resource: resourceContentsUnion, annotations: opt(annotationsShape) }),
  ),
} satisfies Definitions;
