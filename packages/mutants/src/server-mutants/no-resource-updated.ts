import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapNotifications } from "../inject/messages.js";

/** Never sends notifications/resources/updated for subscribed resources. */
export const noResourceUpdated: ServerMutant = {
  name: "no-resource-updated",
  defect: "Never sends notifications/resources/updated for subscribed resources.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: {
    transport: "stdio",
    ids: ["server/resources/updated-notification", "server/resources/subscribe-unsubscribe"],
    revisions: ["2025-11-25"],
  },
  inject: rewriting(mapNotifications("notifications/resources/updated", () => undefined)),
};
