/**
 * 2025-11-25, tasks (experimental). A request whose params carry `task` runs as a task: the
 * receiver answers at once with `CreateTaskResult`, and the requester then polls `tasks/get`,
 * blocks on `tasks/result` for the real result, lists with `tasks/list` or stops with
 * `tasks/cancel`. Status changes may also be pushed as `notifications/tasks/status`.
 * Tools declare whether they may run as tasks through `Tool.execution`.
 */
import { allOf, arr, doc, extend, int, obj, oneOf, opt, ref, str, types } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { meta, notification, request, requestParams } from "./jsonrpc.js";

/** The params of the per-task requests (upstream names no `_meta` here). */
const taskIdParams = obj({ taskId: str() });

/** The shape `CallToolRequestParams`, `CreateMessageRequestParams` and the elicit params extend. */
export const taskAugmentedRequestParams = extend(requestParams, { task: opt(ref("TaskMetadata")) });

export const added: Definitions = {
  TaskStatus: oneOf("cancelled", "completed", "failed", "input_required", "working"),
  Task: doc(
    "The state of one task; `ttl` (ms) is null for unlimited, timestamps are ISO 8601.",
    obj({
      taskId: str(),
      status: ref("TaskStatus"),
      statusMessage: opt(str()),
      createdAt: str(),
      lastUpdatedAt: str(),
      ttl: types("integer", "null"),
      pollInterval: opt(int()),
    }),
  ),
  TaskMetadata: doc("Asks for a request to run as a task; `ttl` in ms.", obj({ ttl: opt(int()) })),
  RelatedTaskMetadata: doc("Ties a message (in `_meta`) to the task it belongs to.", obj({ taskId: str() })),
  TaskAugmentedRequestParams: doc("Params of a request that may run as a task.", taskAugmentedRequestParams),
  ToolExecution: doc(
    "How a tool may be run; `taskSupport` defaults to forbidden.",
    obj({ taskSupport: opt(oneOf("forbidden", "optional", "required")) }),
  ),
  CreateTaskResult: doc(
    "The immediate answer to a task-augmented request.",
    obj({ _meta: meta, task: ref("Task") }),
  ),

  GetTaskRequest: request("tasks/get", taskIdParams),
  GetTaskResult: allOf(ref("Result"), ref("Task")),
  GetTaskPayloadRequest: doc(
    "Waits for a task to end and returns its result.",
    request("tasks/result", taskIdParams),
  ),
  GetTaskPayloadResult: doc(
    "The result of the original request, whatever its type.",
    obj({ _meta: meta }, { extra: true }),
  ),
  CancelTaskRequest: request("tasks/cancel", taskIdParams),
  CancelTaskResult: allOf(ref("Result"), ref("Task")),
  ListTasksRequest: request("tasks/list", opt(ref("PaginatedRequestParams"))),
  ListTasksResult: obj({ _meta: meta, nextCursor: opt(str()), tasks: arr(ref("Task")) }),

  TaskStatusNotification: notification("notifications/tasks/status", ref("TaskStatusNotificationParams")),
  TaskStatusNotificationParams: allOf(ref("NotificationParams"), ref("Task")),
};
