import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapNotifications } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Reports progress going backwards (100 - progress). */
export const progressBackwards: ServerMutant = {
  name: "progress-backwards",
  defect: "Reports progress going backwards (100 - progress).",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/progress"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapNotifications("notifications/progress", (notification) => {
      const params = notification.params;
      if (!isObject(params) || typeof params.progress !== "number") return notification;
      return { ...notification, params: { ...params, progress: 100 - params.progress } };
    }),
  ),
};
