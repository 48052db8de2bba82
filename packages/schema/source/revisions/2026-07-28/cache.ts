/**
 * Cache hints. Results that a client may reuse (discover, the four list methods, resources/read)
 * must say how long they stay fresh (`ttlMs`) and whether a cache may share them across
 * authorization contexts (`cacheScope`), much like HTTP Cache-Control max-age and public/private.
 */
import { anyOf, arr, doc, extend, int, obj, oneOf, type Properties, ref } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";
import { PaginatedResult, resultFields } from "./results.js";

/** The two cache-hint members, both required. */
export const cacheFields: Properties = {
  ttlMs: int({ minimum: 0 }),
  cacheScope: oneOf("private", "public"),
};

/** A page of a list result, with its cache hints. */
function cacheableList(member: string, item: string) {
  return extend(PaginatedResult, { ...cacheFields, [member]: arr(ref(item)) });
}

export const cache: RevisionPiece = {
  summary: [
    "server/discover, the list results and resources/read carry required cache hints: ttlMs (milliseconds, at least 0) and cacheScope (public or private).",
  ],
  added: {
    CacheableResult: doc(
      "A result the client may cache for ttlMs, within cacheScope.",
      obj({ ...resultFields, ...cacheFields }),
    ),
  },
  changed: {
    ListPromptsResult: cacheableList("prompts", "Prompt"),
    ListResourcesResult: cacheableList("resources", "Resource"),
    ListResourceTemplatesResult: cacheableList("resourceTemplates", "ResourceTemplate"),
    ListToolsResult: cacheableList("tools", "Tool"),
    ReadResourceResult: obj({
      ...resultFields,
      ...cacheFields,
      contents: arr(anyOf(ref("TextResourceContents"), ref("BlobResourceContents"))),
    }),
  },
};
