import { type Json, isObject } from "../model/json.js";
import type { Revision } from "../model/revisions.js";

/** What one content block lacks for its type, or undefined when it carries what its type requires. */
export function contentProblem(block: Json, revision: Revision): string | undefined {
  if (!isObject(block)) return "a content block that is not an object";
  const has = (key: string) => typeof block[key] === "string";
  switch (block.type) {
    case "text":
      return has("text") ? undefined : "a text content block without text";
    case "image":
    case "audio":
      if (block.type === "audio" && revision < "2025-03-26")
        return "an audio content block before 2025-03-26";
      return has("data") && has("mimeType")
        ? undefined
        : `an ${block.type} content block without data and mimeType`;
    case "resource": {
      const resource = block.resource;
      if (!isObject(resource) || typeof resource.uri !== "string")
        return "an embedded resource without resource.uri";
      return typeof resource.text === "string" || typeof resource.blob === "string"
        ? undefined
        : "an embedded resource with neither text nor blob";
    }
    case "resource_link":
      if (revision < "2025-06-18") return "a resource_link content block before 2025-06-18";
      return has("uri") && has("name") ? undefined : "a resource_link without uri and name";
    default:
      return undefined;
  }
}
