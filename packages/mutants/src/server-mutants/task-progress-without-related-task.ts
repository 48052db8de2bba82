import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapNotifications } from "../inject/messages.js";
import { isObject } from "../inject/json.js";
import { withoutRelatedTask } from "./tasks-helpers.js";

/** A task's progress notifications do not carry the related-task _meta. */
export const taskProgressWithoutRelatedTask: ServerMutant = {
  name: "task-progress-without-related-task",
  defect: "A task's progress notifications do not carry the related-task _meta.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tasks/progress"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapNotifications("notifications/progress", (notification) => {
      if (!isObject(notification.params)) return notification;
      const { _meta, ...params } = notification.params;
      const meta = withoutRelatedTask(_meta);
      return { ...notification, params: meta === undefined ? params : { ...params, _meta: meta } };
    }),
  ),
};
