import { ErrorCode, McpError, RequestStateSealer } from "@mcpkit/core";
import type { Params } from "@mcpkit/core";

/** One page of a list and the cursor of the next one (absent on the last page). */
export interface Page<T> {
  readonly items: T[];
  readonly nextCursor?: string;
}

const invalidCursor = () =>
  new McpError(ErrorCode.InvalidParams, "Invalid params: invalid cursor", { pointer: "/params/cursor" });

/**
 * Cursor pagination over the server's lists. Cursors are sealed (HMAC) offsets bound to the list
 * they came from, so a client can neither forge a position nor reuse a cursor on another list.
 */
export class Paginator {
  private readonly sealer: RequestStateSealer;

  constructor(
    private readonly pageSize: number,
    secret: string | Uint8Array | undefined,
  ) {
    if (!(Number.isInteger(pageSize) && pageSize > 0))
      throw new RangeError("pageSize must be a positive integer");
    // Cursors stay valid for a day; a list that changed meanwhile simply continues at that offset.
    this.sealer = new RequestStateSealer({ secret, ttlMs: 86_400_000 });
  }

  async page<T>(list: string, items: readonly T[], params: Params): Promise<Page<T>> {
    let offset = 0;
    if (params.cursor !== undefined) {
      let state: unknown;
      try {
        state = await this.sealer.unseal(params.cursor, `cursor ${list}`);
      } catch {
        throw invalidCursor();
      }
      const o = (state as { o?: unknown } | null)?.o;
      if (typeof o !== "number" || !Number.isInteger(o) || o < 0) throw invalidCursor();
      offset = o;
    }
    const end = offset + this.pageSize;
    const page = items.slice(offset, end);
    if (end >= items.length) return { items: page };
    return { items: page, nextCursor: await this.sealer.seal({ o: end }, `cursor ${list}`) };
  }
}
