/**
 * Who may send what. Clients send the requests; servers send no requests at all (their questions
 * travel inside InputRequiredResult), so there is no ServerRequest any more and client results are
 * just Result.
 */
import { anyOf, ref } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";
import { notification } from "./shapes.js";

export const unions: RevisionPiece = {
  summary: [
    "Clients send only requests and, on stdio, notifications/cancelled; the results clients used to send now travel as inputResponses.",
  ],
  changed: {
    ClientRequest: anyOf(
      ref("DiscoverRequest"),
      ref("ListResourcesRequest"),
      ref("ListResourceTemplatesRequest"),
      ref("ReadResourceRequest"),
      ref("SubscriptionsListenRequest"),
      ref("ListPromptsRequest"),
      ref("GetPromptRequest"),
      ref("ListToolsRequest"),
      ref("CallToolRequest"),
      ref("CompleteRequest"),
    ),
    // The specification's union has a single member, CancelledNotification. Upstream's schema.json
    // inlines that notification's shape rather than referring to it, and we follow it.
    ClientNotification: notification("notifications/cancelled", ref("CancelledNotificationParams")),
    ClientResult: ref("Result"),
    ServerNotification: anyOf(
      ref("CancelledNotification"),
      ref("ProgressNotification"),
      ref("ResourceListChangedNotification"),
      ref("SubscriptionsAcknowledgedNotification"),
      ref("ResourceUpdatedNotification"),
      ref("PromptListChangedNotification"),
      ref("ToolListChangedNotification"),
      ref("LoggingMessageNotification"),
    ),
    ServerResult: anyOf(
      ref("Result"),
      ref("InputRequiredResult"),
      ref("DiscoverResult"),
      ref("ListResourcesResult"),
      ref("ListResourceTemplatesResult"),
      ref("ReadResourceResult"),
      ref("SubscriptionsListenResult"),
      ref("ListPromptsResult"),
      ref("GetPromptResult"),
      ref("ListToolsResult"),
      ref("CallToolResult"),
      ref("CompleteResult"),
    ),
  },
};
