/**
 * Notification params. Their `_meta` is now the typed NotificationMetaObject (which can tag a
 * notification with the listen stream it belongs to), and a cancellation must name its request.
 */
import { extend, obj, opt, ref } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";
import { was } from "./previous.js";

const meta = { _meta: opt(ref("NotificationMetaObject")) };

export const NotificationParams = obj(meta);

export const notifications: RevisionPiece = {
  summary: [
    "Notification params type their _meta (NotificationMetaObject), which tags notifications on a listen stream with its subscription id.",
    "notifications/cancelled must name its request again (requestId is required, now that tasks are gone); only clients send it, except that on stdio a server uses it to end a listen stream.",
  ],
  changed: {
    NotificationParams,
    CancelledNotificationParams: extend(was.CancelledNotificationParams, {
      ...meta,
      requestId: ref("RequestId"),
    }),
    ProgressNotificationParams: extend(was.ProgressNotificationParams, meta),
    LoggingMessageNotificationParams: extend(was.LoggingMessageNotificationParams, meta),
    ResourceUpdatedNotificationParams: extend(was.ResourceUpdatedNotificationParams, meta),
  },
};
