/** Progress reporting, cancellation and cursor-based pagination. */
import { type JsonSchema, type Properties, doc, num, obj, opt, ref, str, types } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { notificationOf, requestOf, resultOf } from "./jsonrpc.js";

/** Params of `notifications/progress`. */
export const progressParams = obj({
  progressToken: ref("ProgressToken"),
  progress: num(),
  total: opt(num()),
});

/** Params of `notifications/cancelled`. */
export const cancelledParams = obj({ requestId: ref("RequestId"), reason: opt(str()) });

/** Params of a list request: an optional cursor. */
export const paginatedParams = obj({ cursor: opt(str()) });

/** A list request with a fixed method. */
export function paginatedRequestOf(method: string): JsonSchema {
  return requestOf(method, opt(paginatedParams));
}

/** A page of a list result: the given properties plus an optional cursor for the next page. */
export function paginatedResultOf(properties: Properties): JsonSchema {
  return resultOf({ nextCursor: opt(str()), ...properties });
}

export const utilities = {
  ProgressToken: doc(
    "Ties progress notifications to the request they report on.",
    types("string", "integer"),
  ),
  ProgressNotification: notificationOf("notifications/progress", progressParams),
  CancelledNotification: doc(
    "Asks the receiver to stop work on an earlier request.",
    notificationOf("notifications/cancelled", cancelledParams),
  ),
  Cursor: doc("An opaque pagination position.", str()),
  PaginatedRequest: obj({ method: str(), params: opt(paginatedParams) }),
  PaginatedResult: paginatedResultOf({}),
} satisfies Definitions;
