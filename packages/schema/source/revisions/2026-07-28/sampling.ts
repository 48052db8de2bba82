/**
 * Sampling (deprecated in this revision). The server no longer sends `sampling/createMessage` as a
 * JSON-RPC request: it embeds one in an InputRequiredResult, so the request has no `jsonrpc` or
 * `id` and its params lose `_meta` and task augmentation.
 */
import { extend, omit, opt, ref } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";
import { was } from "./previous.js";
import { dataMeta } from "./shapes.js";

export const sampling: RevisionPiece = {
  summary: [
    "Sampling is deprecated (as are includeContext values thisServer and allServers); its request metadata is a JSONObject.",
  ],
  changed: {
    CreateMessageRequest: omit(was.CreateMessageRequest, "jsonrpc", "id"),
    CreateMessageRequestParams: extend(omit(was.CreateMessageRequestParams, "_meta", "task"), {
      metadata: opt(ref("JSONObject")),
    }),
    // Like every embedded answer, the result has no resultType; its _meta is the plain MetaObject.
    CreateMessageResult: extend(was.CreateMessageResult, dataMeta),
    SamplingMessage: extend(was.SamplingMessage, dataMeta),
  },
};
