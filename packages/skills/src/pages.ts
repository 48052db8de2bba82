import { ErrorCode, McpError } from "@mcpkit/core";

/** The most items a page may hold, whatever the server asks for. */
export const MAX_PAGE_SIZE = 1000;

const PREFIX = "mcpkit-skills:";

function invalidCursor(): McpError {
  return new McpError(ErrorCode.InvalidParams, "Invalid params: invalid cursor", {
    pointer: "/params/cursor",
  });
}

/**
 * One page of `items` from the position `cursor` names. Cursors are opaque to clients (base64url of
 * an offset): anything else, or an offset past the end, is -32602.
 */
export function page<T>(
  items: readonly T[],
  cursor: unknown,
  size: number,
): { readonly items: readonly T[]; readonly nextCursor?: string } {
  let offset = 0;
  if (cursor !== undefined) {
    if (typeof cursor !== "string" || cursor.length > 64) throw invalidCursor();
    let decoded: string;
    try {
      decoded = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    } catch {
      throw invalidCursor();
    }
    const match = /^mcpkit-skills:(\d{1,9})$/.exec(decoded);
    if (!match) throw invalidCursor();
    offset = Number(match[1]);
    if (offset > items.length) throw invalidCursor();
  }
  const end = offset + size;
  const slice = items.slice(offset, end);
  if (end >= items.length) return { items: slice };
  const nextCursor = btoa(`${PREFIX}${end}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return { items: slice, nextCursor };
}
