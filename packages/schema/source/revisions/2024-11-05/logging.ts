/** Logging: the client sets a threshold, the server sends log messages. */
import { doc, obj, oneOf, opt, ref, str, unknown } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { notificationOf, requestOf } from "./jsonrpc.js";

/** Params of `notifications/message`. */
export const loggingMessageParams = obj({ level: ref("LoggingLevel"), logger: opt(str()), data: unknown() });

/** Params of `logging/setLevel`. */
export const setLevelParams = obj({ level: ref("LoggingLevel") });

export const logging = {
  LoggingLevel: doc(
    "Syslog severities (RFC 5424).",
    oneOf("alert", "critical", "debug", "emergency", "error", "info", "notice", "warning"),
  ),
  SetLevelRequest: requestOf("logging/setLevel", setLevelParams),
  LoggingMessageNotification: doc(
    "A log entry from the server.",
    notificationOf("notifications/message", loggingMessageParams),
  ),
} satisfies Definitions;
