import { hasCapability, type Capabilities } from "@mcpkit/core";
import type { ServerRequestHandler, SubscriptionFilter } from "../session.js";
import { subscriptionIdKey } from "../session.js";

/** The part of a requested filter the server honours: only what its capabilities offer. */
export function honour(requested: unknown, capabilities: Capabilities): SubscriptionFilter {
  const r = (typeof requested === "object" && requested !== null ? requested : {}) as Record<string, unknown>;
  const filter: SubscriptionFilter = {};
  for (const kind of ["tools", "prompts", "resources"] as const) {
    const flag = `${kind}ListChanged` as const;
    if (r[flag] === true && hasCapability(capabilities, `${kind}.listChanged`)) filter[flag] = true;
  }
  const uris = Array.isArray(r.resourceSubscriptions)
    ? r.resourceSubscriptions.filter((u): u is string => typeof u === "string")
    : [];
  if (uris.length > 0 && hasCapability(capabilities, "resources.subscribe"))
    filter.resourceSubscriptions = uris;
  return filter;
}

/**
 * `subscriptions/listen` (2026-07-28): acknowledges with the honoured filter, then streams the
 * matching change notifications, each tagged with the subscription id (the request's id), until
 * the client cancels or the server closes the stream gracefully (answering the request).
 */
export const listenHandler: ServerRequestHandler = async (params, ctx) => {
  const filter = honour(params.notifications, ctx.session.capabilities);
  const tag = { [subscriptionIdKey]: ctx.requestId };
  const ended = ctx.session.listen(ctx.requestId, filter, ctx.signal);
  await ctx.notify("notifications/subscriptions/acknowledged", { notifications: filter, _meta: tag });
  await ended;
  return { _meta: tag };
};
