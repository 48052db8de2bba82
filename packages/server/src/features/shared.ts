import type { Params } from "@mcpkit/core";
import type { ServerContext } from "../context.js";
import type { Paginator } from "../pagination.js";
import type { AuthorizationOptions } from "../scopes.js";
import type { Logger } from "../logger.js";
import type { CacheHint } from "../types.js";

/** What feature handlers share: pagination and cache defaults. */
export interface FeatureEnv {
  readonly paginator: Paginator;
  readonly listCache: CacheHint;
  readonly readCache: CacheHint;
  /** The challenge parameters of scope checks. */
  readonly authorization: AuthorizationOptions;
  /** Where tool failures and other notes go (none by default). */
  readonly logger?: Logger | undefined;
}

/** Stateless-era results carry cache hints; session-era results do not. */
export function cacheFields(ctx: ServerContext, hint: CacheHint): Record<string, unknown> {
  return ctx.era === "stateless" ? { ttlMs: hint.ttlMs, cacheScope: hint.cacheScope } : {};
}

/** One page of a list result: `{ [key]: items, nextCursor? }` plus cache hints. */
export async function listPage<T>(
  env: FeatureEnv,
  ctx: ServerContext,
  params: Params,
  key: string,
  items: readonly T[],
): Promise<Record<string, unknown>> {
  const page = await env.paginator.page(ctx.method, items, params);
  return {
    [key]: page.items,
    ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
    ...cacheFields(ctx, env.listCache),
  };
}
