/**
 * 2025-11-25, the existing requests and notifications, re-expressed. Each now carries its
 * `jsonrpc` member (and requests their `id`) and refers to its named params type instead of
 * spelling the params out; the messages mean what they meant in 2025-06-18. (Tools, sampling and
 * elicitation messages are in their own files.)
 */
import { lit, obj, opt, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { notification, request } from "./jsonrpc.js";

const paginated = opt(ref("PaginatedRequestParams"));

export const changed: Definitions = {
  InitializeRequest: request("initialize", ref("InitializeRequestParams")),
  PingRequest: request("ping", opt(ref("RequestParams"))),
  PaginatedRequest: obj({ jsonrpc: lit("2.0"), id: ref("RequestId"), method: str(), params: paginated }),
  ListResourcesRequest: request("resources/list", paginated),
  ListResourceTemplatesRequest: request("resources/templates/list", paginated),
  ReadResourceRequest: request("resources/read", ref("ReadResourceRequestParams")),
  SubscribeRequest: request("resources/subscribe", ref("SubscribeRequestParams")),
  UnsubscribeRequest: request("resources/unsubscribe", ref("UnsubscribeRequestParams")),
  ListPromptsRequest: request("prompts/list", paginated),
  GetPromptRequest: request("prompts/get", ref("GetPromptRequestParams")),
  ListToolsRequest: request("tools/list", paginated),
  SetLevelRequest: request("logging/setLevel", ref("SetLevelRequestParams")),
  CompleteRequest: request("completion/complete", ref("CompleteRequestParams")),
  ListRootsRequest: request("roots/list", opt(ref("RequestParams"))),

  InitializedNotification: notification("notifications/initialized", opt(ref("NotificationParams"))),
  CancelledNotification: notification("notifications/cancelled", ref("CancelledNotificationParams")),
  ProgressNotification: notification("notifications/progress", ref("ProgressNotificationParams")),
  LoggingMessageNotification: notification("notifications/message", ref("LoggingMessageNotificationParams")),
  ResourceListChangedNotification: notification(
    "notifications/resources/list_changed",
    opt(ref("NotificationParams")),
  ),
  ResourceUpdatedNotification: notification(
    "notifications/resources/updated",
    ref("ResourceUpdatedNotificationParams"),
  ),
  PromptListChangedNotification: notification(
    "notifications/prompts/list_changed",
    opt(ref("NotificationParams")),
  ),
  ToolListChangedNotification: notification(
    "notifications/tools/list_changed",
    opt(ref("NotificationParams")),
  ),
  RootsListChangedNotification: notification(
    "notifications/roots/list_changed",
    opt(ref("NotificationParams")),
  ),
};
