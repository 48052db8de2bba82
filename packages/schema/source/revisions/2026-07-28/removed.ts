/**
 * Everything 2026-07-28 drops, grouped by the change that made it unnecessary.
 */
import type { RevisionPiece } from "./piece.js";

/** No handshake: each request carries version and capabilities, and server/discover answers the rest. */
const handshake = [
  "InitializeRequest",
  "InitializeRequestParams",
  "InitializeResult",
  "InitializedNotification",
];

/** No connection to keep alive between requests. */
const ping = ["PingRequest"];

/** The log level is chosen per request in `_meta` instead of once per session. */
const setLevel = ["SetLevelRequest", "SetLevelRequestParams"];

/** Resource subscriptions are declared in the subscriptions/listen filter. */
const subscribe = [
  "SubscribeRequest",
  "SubscribeRequestParams",
  "UnsubscribeRequest",
  "UnsubscribeRequestParams",
];

/** Tasks moved out of the core protocol into the io.modelcontextprotocol/tasks extension. */
const tasks = [
  "Task",
  "TaskStatus",
  "TaskMetadata",
  "RelatedTaskMetadata",
  "TaskAugmentedRequestParams",
  "CreateTaskResult",
  "GetTaskRequest",
  "GetTaskResult",
  "GetTaskPayloadRequest",
  "GetTaskPayloadResult",
  "ListTasksRequest",
  "ListTasksResult",
  "CancelTaskRequest",
  "CancelTaskResult",
  "TaskStatusNotification",
  "TaskStatusNotificationParams",
  "ToolExecution",
];

/** URL elicitation no longer has an out-of-band completion, nor an error that demands one. */
const urlElicitation = ["ElicitationCompleteNotification", "URLElicitationRequiredError"];

/** Roots are asked for within a request, so the client has no way (or need) to announce changes. */
const rootsChanged = ["RootsListChangedNotification"];

/** Servers send no requests: what they need from the client goes in an InputRequiredResult. */
const serverRequests = ["ServerRequest"];

export const removed: RevisionPiece = {
  summary: [
    "Removed: initialize and notifications/initialized, ping, logging/setLevel, resources/subscribe and resources/unsubscribe.",
    "Removed: every core task type and method (tasks are now the io.modelcontextprotocol/tasks extension) and Tool.execution.",
    "Removed: notifications/elicitation/complete, URLElicitationRequiredError (-32042), notifications/roots/list_changed and the ServerRequest union.",
  ],
  removed: [
    ...handshake,
    ...ping,
    ...setLevel,
    ...subscribe,
    ...tasks,
    ...urlElicitation,
    ...rootsChanged,
    ...serverRequests,
  ],
};
