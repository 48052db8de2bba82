/**
 * The stateless request envelope. With no initialize handshake, every request says in its own
 * `params._meta` which protocol version it speaks and what the client can do; results and
 * notifications get their own typed `_meta` too.
 */
import { doc, extend, obj, opt, ref, str, uri } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";
import { was } from "./previous.js";
import { jsonrpc, request } from "./shapes.js";

// `_meta` objects stay open to any other key (the specification's MetaObject has an index
// signature, which upstream's JSON export dropped); `extra: true` keeps that in our types and
// changes nothing on the wire, where unknown keys are allowed anyway.
const open = { extra: true } as const;

const RequestMetaObject = obj(
  {
    "io.modelcontextprotocol/protocolVersion": str(),
    "io.modelcontextprotocol/clientCapabilities": ref("ClientCapabilities"),
    "io.modelcontextprotocol/clientInfo": opt(ref("Implementation")),
    // Replaces logging/setLevel: without it the server sends no log notifications for this request.
    "io.modelcontextprotocol/logLevel": opt(ref("LoggingLevel")),
    progressToken: opt(ref("ProgressToken")),
  },
  open,
);

export const ResultMetaObject = obj(
  { "io.modelcontextprotocol/serverInfo": opt(ref("Implementation")) },
  open,
);

/** Request params: the envelope is now required. */
export const RequestParams = obj({ _meta: ref("RequestMetaObject") });

/** A list request: `params` is required now that it carries the envelope. */
function listRequest(method: string) {
  return request(method, ref("PaginatedRequestParams"));
}

export const envelope: RevisionPiece = {
  summary: [
    "No initialize handshake and no sessions: every request's params._meta must carry the protocol version and the client capabilities (RequestMetaObject), and may carry clientInfo, a log level and a progress token.",
    "Because of that envelope, params is required on every request, list requests included.",
    "Results may name the server in _meta (ResultMetaObject); data objects use a shared MetaObject for _meta.",
  ],
  added: {
    MetaObject: doc("Free-form `_meta` contents; keys may carry a reverse-DNS prefix.", obj({}, open)),
    RequestMetaObject: doc(
      "The `_meta` every request carries: protocol version and client capabilities, optionally more.",
      RequestMetaObject,
    ),
    ResultMetaObject: doc("The `_meta` of a result; the server may identify itself here.", ResultMetaObject),
    NotificationMetaObject: doc(
      "The `_meta` of a notification; on a listen stream it names the subscription.",
      obj({ "io.modelcontextprotocol/subscriptionId": opt(ref("RequestId")) }, open),
    ),
  },
  changed: {
    RequestParams,
    PaginatedRequestParams: extend(RequestParams, { cursor: opt(str()) }),
    ResourceRequestParams: extend(RequestParams, { uri: uri() }),
    CompleteRequestParams: extend(was.CompleteRequestParams, { _meta: ref("RequestMetaObject") }),
    PaginatedRequest: obj({
      jsonrpc,
      id: ref("RequestId"),
      method: str(),
      params: ref("PaginatedRequestParams"),
    }),
    ListPromptsRequest: listRequest("prompts/list"),
    ListResourcesRequest: listRequest("resources/list"),
    ListResourceTemplatesRequest: listRequest("resources/templates/list"),
    ListToolsRequest: listRequest("tools/list"),
  },
};
