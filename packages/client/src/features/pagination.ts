import type { JsonObject } from "@mcpkit/core";
import { ClientError } from "../errors.js";
import type { Page } from "../types.js";

/**
 * One page of a list result, read tolerantly: a missing or non-array item field is an empty page,
 * and a `null`, empty or non-string `nextCursor` ends the list.
 */
export function toPage<T>(result: JsonObject, field: string): Page<T> {
  const items = Array.isArray(result[field]) ? (result[field] as T[]) : [];
  const cursor = result.nextCursor;
  return typeof cursor === "string" && cursor.length > 0 ? { items, nextCursor: cursor } : { items };
}

/**
 * Fetches pages until the server gives no cursor. Fails with `ClientError("too_many_pages")` past
 * `maxPages`, or when a cursor repeats (a server going round in a circle).
 */
export async function collectPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  maxPages: number,
  what: string,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const next = await fetchPage(cursor);
    items.push(...next.items);
    if (next.nextCursor === undefined) return items;
    if (seen.has(next.nextCursor)) {
      throw new ClientError(
        "too_many_pages",
        `${what}: the server repeated the cursor ${JSON.stringify(next.nextCursor)}`,
        {
          data: { items },
        },
      );
    }
    if (page >= maxPages) {
      throw new ClientError(
        "too_many_pages",
        `${what}: more than ${maxPages} pages; raise maxPages or fetch pages one by one`,
        {
          data: { items },
        },
      );
    }
    seen.add(next.nextCursor);
    cursor = next.nextCursor;
  }
}
