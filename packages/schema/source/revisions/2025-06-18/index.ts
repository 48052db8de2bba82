/**
 * 2025-06-18: elicitation, structured tool output, resource links, display titles, wider `_meta`,
 * and the end of JSON-RPC batching. (Protected-resource metadata for auth and the required
 * MCP-Protocol-Version HTTP header also arrive here but live outside the schema.)
 */
import type { RevisionSource } from "../../revision.js";
import { completionAdded, completionChanged, completionRemoved } from "./completion.js";
import { contentAdded, contentChanged } from "./content.js";
import { elicitationAdded, elicitationChanged } from "./elicitation.js";
import { jsonrpcChanged, jsonrpcRemoved } from "./jsonrpc.js";
import { metadataAdded, metadataChanged } from "./metadata.js";
import { toolsChanged } from "./tools.js";

export const revision20250618: RevisionSource = {
  revision: "2025-06-18",
  dialect: "draft-07",
  summary: [
    "JSON-RPC batches are removed; every message is a single object again.",
    "Elicitation: elicitation/create asks the user for a flat form of primitive fields; clients declare `elicitation`.",
    "Structured tool output: Tool.outputSchema and CallToolResult.structuredContent.",
    "ResourceLink content and a ContentBlock union used by prompt messages and tool results.",
    "BaseMetadata adds a display `title` beside `name` on implementations, prompts, resources, templates and tools.",
    "`_meta` is allowed on content, resources, prompts, tools and roots; request `_meta` accepts any keys.",
    "Annotations gain lastModified.",
    "Completion requests may carry already-filled arguments as context; ResourceReference becomes ResourceTemplateReference.",
  ],
  added: { ...metadataAdded, ...contentAdded, ...elicitationAdded, ...completionAdded },
  changed: {
    ...jsonrpcChanged,
    ...metadataChanged,
    ...contentChanged,
    ...toolsChanged,
    ...elicitationChanged,
    ...completionChanged,
  },
  removed: [...jsonrpcRemoved, ...completionRemoved],
};
