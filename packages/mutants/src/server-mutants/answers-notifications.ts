import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { isNotification } from "../inject/json.js";

/** Answers every notification with an empty result (id null). */
export const answersNotifications: ServerMutant = {
  name: "answers-notifications",
  defect: "Answers every notification with an empty result (id null).",
  transports: ["stdio", "http", "sse", "ws"],
  subset: {
    transport: "stdio",
    ids: ["server/lifecycle/notification-gets-no-response"],
    revisions: ["2025-11-25"],
  },
  inject: rewriting({
    inbound: (value, reply) => {
      if (isNotification(value) && value.method !== "notifications/initialized") {
        reply({ jsonrpc: "2.0", id: null, result: {} });
      }
      return [value];
    },
  }),
};
