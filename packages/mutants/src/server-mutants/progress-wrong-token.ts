import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapNotifications } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Sends progress notifications with a token the client never gave. */
export const progressWrongToken: ServerMutant = {
  name: "progress-wrong-token",
  defect: "Sends progress notifications with a token the client never gave.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/progress"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapNotifications("notifications/progress", (notification) => {
      const params = notification.params;
      if (!isObject(params)) return notification;
      return {
        ...notification,
        params: { ...params, progressToken: `${String(params.progressToken)}-other` },
      };
    }),
  ),
};
