/** Resources: listing, templates, reading, and change subscriptions. */
import { arr, base64, doc, extend, int, obj, opt, ref, str, uri, uriTemplate } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { annotationsShape, resourceContentsUnion } from "./content.js";
import { notificationOf, requestOf, resultOf } from "./jsonrpc.js";
import { paginatedRequestOf, paginatedResultOf } from "./utilities.js";

/** Params naming one resource by URI (read, subscribe, unsubscribe, updated). */
export const resourceUriParams = obj({ uri: uri() });

const resourceContents = obj({ uri: uri(), mimeType: opt(str()) });

export const resources = {
  Resource: doc(
    "A resource the server can read.",
    obj({
      uri: uri(),
      name: str(),
      description: opt(str()),
      mimeType: opt(str()),
      size: opt(int()),
      annotations: opt(annotationsShape),
    }),
  ),
  ResourceTemplate: doc(
    "A family of resources described by a URI template.",
    obj({
      uriTemplate: uriTemplate(),
      name: str(),
      description: opt(str()),
      mimeType: opt(str()),
      annotations: opt(annotationsShape),
    }),
  ),
  ResourceContents: doc("What reading a resource returns: its URI and type, plus a body.", resourceContents),
  TextResourceContents: extend(resourceContents, { text: str() }),
  BlobResourceContents: extend(resourceContents, { blob: base64() }),
  ListResourcesRequest: paginatedRequestOf("resources/list"),
  ListResourcesResult: paginatedResultOf({ resources: arr(ref("Resource")) }),
  ListResourceTemplatesRequest: paginatedRequestOf("resources/templates/list"),
  ListResourceTemplatesResult: paginatedResultOf({ resourceTemplates: arr(ref("ResourceTemplate")) }),
  ReadResourceRequest: requestOf("resources/read", resourceUriParams),
  ReadResourceResult: resultOf({ contents: arr(resourceContentsUnion) }),
  SubscribeRequest: doc(
    "Asks to be told when a resource changes.",
    requestOf("resources/subscribe", resourceUriParams),
  ),
  UnsubscribeRequest: requestOf("resources/unsubscribe", resourceUriParams),
  ResourceListChangedNotification: notificationOf("notifications/resources/list_changed"),
  ResourceUpdatedNotification: doc(
    "Tells a subscriber that a resource changed.",
    notificationOf("notifications/resources/updated", resourceUriParams),
  ),
} satisfies Definitions;
