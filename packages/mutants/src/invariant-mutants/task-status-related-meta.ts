import { isObject } from "../inject/json.js";
import { mapNotifications } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { RELATED_TASK } from "../server-mutants/tasks-helpers.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** 2025-11-25: notifications/tasks/status carry the related-task _meta, which they should leave out. */
export const taskStatusRelatedMeta: ServerMutant = {
  name: "task-status-related-meta",
  defect: "Adds the related-task _meta to notifications/tasks/status.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapNotifications("notifications/tasks/status", (n) => {
      const params = isObject(n.params) ? n.params : {};
      const meta = isObject(params._meta) ? params._meta : {};
      return { ...n, params: { ...params, _meta: { ...meta, [RELATED_TASK]: { taskId: params.taskId } } } };
    }),
  ),
};
