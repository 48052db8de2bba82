/**
 * 2025-11-25, named params. Each request's and notification's params, inline until 2025-06-18,
 * become a definition of their own that extends `RequestParams` or `NotificationParams`, so the
 * request params gain a declared `_meta` (with `progressToken`) and the notification params a
 * `_meta`. The shapes are otherwise those of 2025-06-18, except that
 * `CancelledNotificationParams.requestId` becomes optional (tasks are cancelled with
 * `tasks/cancel`). The growing params of tools, sampling and elicitation are in their own files.
 */
import { doc, extend, opt, ref, uri } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { meta, requestMeta, requestParams } from "./jsonrpc.js";
import { previousParams } from "./previous.js";

/** A 2025-06-18 request's inline params, as a named `*RequestParams` type. */
const requestParamsOf = (message: string) => extend(previousParams(message), { _meta: requestMeta });

/** A 2025-06-18 notification's inline params, as a named `*NotificationParams` type. */
const notificationParamsOf = (message: string) => extend(previousParams(message), { _meta: meta });

export const added: Definitions = {
  InitializeRequestParams: requestParamsOf("InitializeRequest"),
  PaginatedRequestParams: doc(
    "Params of a list request; `cursor` continues from an earlier page.",
    requestParamsOf("PaginatedRequest"),
  ),
  ResourceRequestParams: doc(
    "Params of a request about one resource.",
    extend(requestParams, { uri: uri() }),
  ),
  ReadResourceRequestParams: requestParamsOf("ReadResourceRequest"),
  SubscribeRequestParams: requestParamsOf("SubscribeRequest"),
  UnsubscribeRequestParams: requestParamsOf("UnsubscribeRequest"),
  GetPromptRequestParams: requestParamsOf("GetPromptRequest"),
  SetLevelRequestParams: requestParamsOf("SetLevelRequest"),
  CompleteRequestParams: requestParamsOf("CompleteRequest"),

  CancelledNotificationParams: doc(
    "Which request to stop; `requestId` is required for everything but tasks.",
    extend(notificationParamsOf("CancelledNotification"), { requestId: opt(ref("RequestId")) }),
  ),
  ProgressNotificationParams: notificationParamsOf("ProgressNotification"),
  LoggingMessageNotificationParams: notificationParamsOf("LoggingMessageNotification"),
  ResourceUpdatedNotificationParams: notificationParamsOf("ResourceUpdatedNotification"),
};
