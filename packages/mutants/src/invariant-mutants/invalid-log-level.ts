import { isObject } from "../inject/json.js";
import { mapNotifications } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** Sends log messages at the level "verbose", which is none of the eight syslog severities. */
export const invalidLogLevel: ServerMutant = {
  name: "invalid-log-level",
  defect: 'Sends notifications/message with level "verbose" (not a syslog severity).',
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tools/*", "server/logging/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapNotifications("notifications/message", (notification) =>
      isObject(notification.params)
        ? { ...notification, params: { ...notification.params, level: "verbose" } }
        : notification,
    ),
  ),
};
