/**
 * 2025-11-25, the message unions. Both sides may now send the four task requests and the task
 * status notification, and return the task results; the server may also send
 * `notifications/elicitation/complete`.
 */
import { refsTo as refs } from "../../dsl.js";
import type { Definitions } from "../../revision.js";

/** The task requests and results, which either side may send or return. */
const taskRequests = ["GetTaskRequest", "GetTaskPayloadRequest", "CancelTaskRequest", "ListTasksRequest"];
const taskResults = ["GetTaskResult", "GetTaskPayloadResult", "CancelTaskResult", "ListTasksResult"];

export const changed: Definitions = {
  ClientRequest: refs(
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
    ...taskRequests,
    "SetLevelRequest",
    "CompleteRequest",
  ),
  ClientNotification: refs(
    "CancelledNotification",
    "InitializedNotification",
    "ProgressNotification",
    "TaskStatusNotification",
    "RootsListChangedNotification",
  ),
  ClientResult: refs("Result", ...taskResults, "CreateMessageResult", "ListRootsResult", "ElicitResult"),
  ServerRequest: refs(
    "PingRequest",
    ...taskRequests,
    "CreateMessageRequest",
    "ListRootsRequest",
    "ElicitRequest",
  ),
  ServerNotification: refs(
    "CancelledNotification",
    "ProgressNotification",
    "ResourceListChangedNotification",
    "ResourceUpdatedNotification",
    "PromptListChangedNotification",
    "ToolListChangedNotification",
    "TaskStatusNotification",
    "LoggingMessageNotification",
    "ElicitationCompleteNotification",
  ),
  ServerResult: refs(
    "Result",
    "InitializeResult",
    "ListResourcesResult",
    "ListResourceTemplatesResult",
    "ReadResourceResult",
    "ListPromptsResult",
    "GetPromptResult",
    "ListToolsResult",
    "CallToolResult",
    ...taskResults,
    "CompleteResult",
  ),
};
