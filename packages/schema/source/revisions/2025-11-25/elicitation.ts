/**
 * 2025-11-25, URL-mode elicitation. Besides the form mode of 2025-06-18 (now `mode: "form"`,
 * which may be left out), a server may send the user to a URL (`mode: "url"`, with an
 * `elicitationId`), later report completion with `notifications/elicitation/complete`, or fail a
 * request with error -32042 listing the URL elicitations it needs first. Both modes may run as a
 * task. Form answers may now hold string arrays (multi-select enums).
 */
import { allOf, anyOf, arr, doc, extend, lit, obj, opt, record, ref, str, types, uri } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { notification, request, requestMeta } from "./jsonrpc.js";
import { previous, previousParams, propertyOf } from "./previous.js";
import { taskAugmentedRequestParams } from "./tasks.js";

/** The 2025-06-18 `elicitation/create` params: a message and a flat form schema. */
const formParams = previousParams("ElicitRequest");

export const added: Definitions = {
  ElicitRequestFormParams: doc(
    "Asks the user to fill a form described by `requestedSchema`.",
    extend(formParams, {
      _meta: requestMeta,
      task: opt(ref("TaskMetadata")),
      mode: opt(lit("form")),
      requestedSchema: extend(propertyOf(formParams, "requestedSchema"), { $schema: opt(str()) }),
    }),
  ),
  ElicitRequestURLParams: doc(
    "Asks the user to open `url` and finish an interaction there, outside the client.",
    extend(taskAugmentedRequestParams, {
      mode: lit("url"),
      message: str(),
      elicitationId: str(),
      url: uri(),
    }),
  ),
  ElicitRequestParams: anyOf(ref("ElicitRequestURLParams"), ref("ElicitRequestFormParams")),
  ElicitationCompleteNotification: doc(
    "The server reports that a URL-mode elicitation has finished.",
    notification("notifications/elicitation/complete", obj({ elicitationId: str() })),
  ),
  URLElicitationRequiredError: doc(
    "An error response: the request needs these URL elicitations done first.",
    obj({
      jsonrpc: lit("2.0"),
      id: opt(ref("RequestId")),
      error: allOf(
        ref("Error"),
        obj({
          code: lit(-32042),
          data: obj({ elicitations: arr(ref("ElicitRequestURLParams")) }, { extra: true }),
        }),
      ),
    }),
  ),
};

export const changed: Definitions = {
  ElicitRequest: request("elicitation/create", ref("ElicitRequestParams")),
  ElicitResult: extend(previous("ElicitResult"), {
    content: opt(record(anyOf(arr(str()), types("string", "number", "boolean")))),
  }),
};
