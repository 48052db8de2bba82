import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapNotifications } from "../inject/messages.js";

/** Declares tools.listChanged but never sends notifications/tools/list_changed. */
export const noToolsListChanged: ServerMutant = {
  name: "no-tools-list-changed",
  defect: "Declares tools.listChanged but never sends notifications/tools/list_changed.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/list-changed-notification"], revisions: ["2025-11-25"] },
  inject: rewriting(mapNotifications("notifications/tools/list_changed", () => undefined)),
};
