import type { Context } from "hono";

/**
 * The runtime's `waitUntil` for this request, when Hono was given an execution context with one
 * (Cloudflare Workers: `app.fetch(request, env, ctx)`); undefined elsewhere (Node, Bun, Deno),
 * where work outlives its response anyway. Hono's `c.executionCtx` throws when there is none.
 */
export function waitUntilOf(c: Context): ((work: Promise<unknown>) => void) | undefined {
  let context: { waitUntil?: unknown } | undefined;
  try {
    context = c.executionCtx;
  } catch {
    return undefined;
  }
  if (typeof context?.waitUntil !== "function") return undefined;
  const held = context as { waitUntil(work: Promise<unknown>): void };
  return (work) => held.waitUntil(work);
}
