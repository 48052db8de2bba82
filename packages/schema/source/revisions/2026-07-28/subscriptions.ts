/**
 * `subscriptions/listen` replaces both the standalone HTTP GET stream and
 * `resources/subscribe`/`unsubscribe`. The client opens one long-lived request naming the
 * notifications it wants; the server acknowledges that filter first, tags each notification on the
 * stream with the listen request's id, and sends a result only when it closes the stream gracefully.
 */
import { arr, bool, doc, extend, obj, opt, ref, str } from "../../dsl.js";
import { RequestParams, ResultMetaObject } from "./envelope.js";
import { NotificationParams } from "./notifications.js";
import type { RevisionPiece } from "./piece.js";
import { notification, request } from "./shapes.js";

const filter = { notifications: ref("SubscriptionFilter") };

export const subscriptions: RevisionPiece = {
  summary: [
    "subscriptions/listen replaces resources/subscribe, resources/unsubscribe and the HTTP GET stream: one long-lived request whose stream carries only the change notifications the client opted into (SubscriptionFilter).",
    "A listen stream opens with notifications/subscriptions/acknowledged, and its notifications carry the listen request's id as _meta subscriptionId.",
  ],
  added: {
    SubscriptionFilter: doc(
      "The change notifications a client opts into; anything not asked for is not sent.",
      obj({
        toolsListChanged: opt(bool()),
        promptsListChanged: opt(bool()),
        resourcesListChanged: opt(bool()),
        resourceSubscriptions: opt(arr(str())),
      }),
    ),
    SubscriptionsListenRequest: doc(
      "Opens a stream of the change notifications named in its filter.",
      request("subscriptions/listen", ref("SubscriptionsListenRequestParams")),
    ),
    SubscriptionsListenRequestParams: extend(RequestParams, filter),
    SubscriptionsListenResult: doc(
      "Sent only when the server ends a listen stream gracefully.",
      obj({ _meta: ref("SubscriptionsListenResultMetaObject"), resultType: str() }),
    ),
    SubscriptionsListenResultMetaObject: extend(ResultMetaObject, {
      "io.modelcontextprotocol/subscriptionId": ref("RequestId"),
    }),
    SubscriptionsAcknowledgedNotification: doc(
      "The first message on a listen stream: the filter the server will honour.",
      notification(
        "notifications/subscriptions/acknowledged",
        ref("SubscriptionsAcknowledgedNotificationParams"),
      ),
    ),
    SubscriptionsAcknowledgedNotificationParams: extend(NotificationParams, filter),
  },
};
