/**
 * 2025-11-25, named params. Each request's and notification's params, inline until 2025-06-18,
 * become a definition of their own that extends `RequestParams` or `NotificationParams`; so the
 * request params gain a typed `_meta` (with `progressToken`) and the notification params `_meta`.
 * Shapes are otherwise unchanged, except that `CancelledNotificationParams.requestId` becomes
 * optional (task cancellation goes through `tasks/cancel`). Params for tools, sampling and
 * elicitation, which also grow, are in their own files.
 */
import { anyOf, doc, extend, num, obj, opt, record, ref, str, unknown, uri } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { notificationParams, requestParams } from "./jsonrpc.js";

/** The params of requests about one resource. */
const resourceRequestParams = extend(requestParams, { uri: uri() });

export const added: Definitions = {
  InitializeRequestParams: extend(requestParams, {
    protocolVersion: str(),
    capabilities: ref("ClientCapabilities"),
    clientInfo: ref("Implementation"),
  }),
  PaginatedRequestParams: doc(
    "Params of a list request; `cursor` continues a previous page.",
    extend(requestParams, { cursor: opt(str()) }),
  ),
  ResourceRequestParams: doc("Params of a request about one resource.", resourceRequestParams),
  ReadResourceRequestParams: resourceRequestParams,
  SubscribeRequestParams: resourceRequestParams,
  UnsubscribeRequestParams: resourceRequestParams,
  GetPromptRequestParams: extend(requestParams, { name: str(), arguments: opt(record(str())) }),
  SetLevelRequestParams: extend(requestParams, { level: ref("LoggingLevel") }),
  CompleteRequestParams: extend(requestParams, {
    ref: anyOf(ref("PromptReference"), ref("ResourceTemplateReference")),
    argument: obj({ name: str(), value: str() }),
    context: opt(obj({ arguments: opt(record(str())) })),
  }),

  CancelledNotificationParams: doc(
    "Which request to stop; `requestId` is required for everything but tasks.",
    extend(notificationParams, { requestId: opt(ref("RequestId")), reason: opt(str()) }),
  ),
  ProgressNotificationParams: extend(notificationParams, {
    progressToken: ref("ProgressToken"),
    progress: num(),
    total: opt(num()),
    message: opt(str()),
  }),
  LoggingMessageNotificationParams: extend(notificationParams, {
    level: ref("LoggingLevel"),
    logger: opt(str()),
    data: unknown(),
  }),
  ResourceUpdatedNotificationParams: extend(notificationParams, { uri: uri() }),
};
