/** Every message each side may send, grouped by kind. */
import { doc, refsTo } from "../../dsl.js";
import type { Definitions } from "../../revision.js";

// The members of each union, exported so later revisions can add to or drop from them.
export const clientRequests = [
  "InitializeRequest",
  "PingRequest",
  "ListResourcesRequest",
  "ListResourceTemplatesRequest",
  "ReadResourceRequest",
  "SubscribeRequest",
  "UnsubscribeRequest",
  "ListPromptsRequest",
  "GetPromptRequest",
  "ListToolsRequest",
  "CallToolRequest",
  "SetLevelRequest",
  "CompleteRequest",
] as const;
export const clientNotifications = [
  "CancelledNotification",
  "InitializedNotification",
  "ProgressNotification",
  "RootsListChangedNotification",
] as const;
export const clientResults = ["Result", "CreateMessageResult", "ListRootsResult"] as const;
export const serverRequests = ["PingRequest", "CreateMessageRequest", "ListRootsRequest"] as const;
export const serverNotifications = [
  "CancelledNotification",
  "ProgressNotification",
  "ResourceListChangedNotification",
  "ResourceUpdatedNotification",
  "PromptListChangedNotification",
  "ToolListChangedNotification",
  "LoggingMessageNotification",
] as const;
export const serverResults = [
  "Result",
  "InitializeResult",
  "ListResourcesResult",
  "ListResourceTemplatesResult",
  "ReadResourceResult",
  "ListPromptsResult",
  "GetPromptResult",
  "ListToolsResult",
  "CallToolResult",
  "CompleteResult",
] as const;

export const unions = {
  ClientRequest: doc("Requests a client may send.", refsTo(...clientRequests)),
  ClientNotification: doc("Notifications a client may send.", refsTo(...clientNotifications)),
  ClientResult: doc("Results a client may return.", refsTo(...clientResults)),
  ServerRequest: doc("Requests a server may send.", refsTo(...serverRequests)),
  ServerNotification: doc("Notifications a server may send.", refsTo(...serverNotifications)),
  ServerResult: doc("Results a server may return.", refsTo(...serverResults)),
} satisfies Definitions;
