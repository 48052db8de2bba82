import { mapNotifications } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

let next = 0;

/** Numbers its log notifications: each notifications/message carries an id. */
export const notificationWithId: ServerMutant = {
  name: "notification-with-id",
  defect: "Sends notifications/message with an id member (a notification has none).",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/logging/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapNotifications("notifications/message", (notification) => ({
      ...notification,
      id: `log-${++next}`,
    })),
  ),
};
