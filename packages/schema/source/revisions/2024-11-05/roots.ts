/** Roots: the directories or files a client lets a server work within. */
import { arr, doc, obj, opt, ref, str, uri } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { notificationOf, requestOf, resultOf } from "./jsonrpc.js";

export const roots = {
  Root: doc(
    "A location the server may operate on, usually a file:// URI.",
    obj({ uri: uri(), name: opt(str()) }),
  ),
  ListRootsRequest: requestOf("roots/list"),
  ListRootsResult: resultOf({ roots: arr(ref("Root")) }),
  RootsListChangedNotification: notificationOf("notifications/roots/list_changed"),
} satisfies Definitions;
