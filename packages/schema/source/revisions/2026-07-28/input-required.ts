/**
 * Multi round-trip requests. The server never sends requests of its own: when `tools/call`,
 * `prompts/get` or `resources/read` needs something from the client (an elicitation, a sampling
 * call, the roots), it answers with an InputRequiredResult. The client gathers the answers and sends
 * the original request again under a new id, with `inputResponses` and the opaque `requestState`.
 */
import { anyOf, doc, extend, obj, opt, record, ref, str, uri } from "../../dsl.js";
import { RequestParams } from "./envelope.js";
import type { RevisionPiece } from "./piece.js";
import { resultFields } from "./results.js";

/** Request params that can answer an earlier InputRequiredResult. */
const InputResponseRequestParams = extend(RequestParams, {
  inputResponses: opt(ref("InputResponses")),
  requestState: opt(str()),
});

export const inputRequired: RevisionPiece = {
  summary: [
    "Servers no longer send requests: tools/call, prompts/get and resources/read may answer with an InputRequiredResult listing elicitation, sampling or roots requests, and the client retries with a new id carrying inputResponses and requestState.",
  ],
  added: {
    InputRequest: doc(
      "A request the server needs the client to carry out before it can finish.",
      anyOf(ref("CreateMessageRequest"), ref("ListRootsRequest"), ref("ElicitRequest")),
    ),
    InputRequests: doc("Input requests keyed by a server-chosen name.", record(ref("InputRequest"))),
    InputResponse: doc(
      "The client's answer to one input request.",
      anyOf(ref("CreateMessageResult"), ref("ListRootsResult"), ref("ElicitResult")),
    ),
    InputResponses: doc("Answers keyed by the names of the input requests.", record(ref("InputResponse"))),
    InputRequiredResult: doc(
      "A result asking for more input; it should carry inputRequests, requestState or both.",
      obj({ ...resultFields, inputRequests: opt(ref("InputRequests")), requestState: opt(str()) }),
    ),
    InputResponseRequestParams: doc(
      "Params of a request that may be a retry answering an InputRequiredResult.",
      InputResponseRequestParams,
    ),
  },
  changed: {
    CallToolRequestParams: extend(InputResponseRequestParams, {
      name: str(),
      arguments: opt(record()),
    }),
    GetPromptRequestParams: extend(InputResponseRequestParams, {
      name: str(),
      arguments: opt(record(str())),
    }),
    ReadResourceRequestParams: extend(InputResponseRequestParams, { uri: uri() }),
  },
};
