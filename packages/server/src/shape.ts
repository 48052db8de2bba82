import type { Revision } from "@mcpkit/schema";
import type { ContentBlock } from "./types.js";

/** Copies the named fields that are set. */
export function pick<T extends object>(value: T, keys: readonly (keyof T)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (value[key] !== undefined) out[key as string] = value[key];
  return out;
}

/** Which optional fields each revision added to listed items (tools, resources, templates, prompts). */
export function sinceFields(revision: Revision): { title: boolean; icons: boolean; meta: boolean } {
  return { title: revision >= "2025-06-18", icons: revision >= "2025-11-25", meta: revision >= "2025-06-18" };
}

/**
 * A content block as a revision can carry it: audio (2025-03-26) and resource links (2025-06-18)
 * become text for older clients, rather than failing the whole result.
 */
export function blockFor(revision: Revision, block: ContentBlock): ContentBlock {
  if (block.type === "audio" && revision < "2025-03-26") {
    return {
      type: "text",
      text: `[audio (${block.mimeType}) omitted: not supported by revision ${revision}]`,
    };
  }
  if (block.type === "resource_link" && revision < "2025-06-18") {
    return { type: "text", text: `Resource: ${block.name} <${block.uri}>` };
  }
  return block;
}
