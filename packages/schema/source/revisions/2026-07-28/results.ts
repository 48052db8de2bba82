/**
 * Every result now says what kind of result it is (`resultType`: "complete" or "input_required"),
 * and each client request gets a named response envelope whose `result` is that method's result
 * (or an InputRequiredResult, for the methods that can ask for more input).
 */
import { anyOf, arr, bool, doc, int, obj, opt, type Properties, ref, str, unknown } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";
import { resultResponse } from "./shapes.js";

/**
 * The members every result has. `resultType` holds a ResultType; like upstream we inline it as a
 * plain string. A result from an older server has none and counts as "complete".
 */
export const resultFields: Properties = { _meta: opt(ref("ResultMetaObject")), resultType: str() };

export const PaginatedResult = obj({ ...resultFields, nextCursor: opt(str()) });

/** A response whose result is either the method's own result or a request for more input. */
function roundTripResponse(result: string) {
  return resultResponse(anyOf(ref("InputRequiredResult"), ref(result)));
}

export const results: RevisionPiece = {
  summary: [
    'Every result has a required resultType: "complete", or "input_required" for an InputRequiredResult; a result without one, from an older server, means "complete".',
    "Each client request has a named *ResultResponse envelope.",
    "The schema now caps completion values at 100 items (maxItems).",
  ],
  added: {
    ResultType: doc('What kind of result this is: "complete" or "input_required".', str()),
    CallToolResultResponse: roundTripResponse("CallToolResult"),
    GetPromptResultResponse: roundTripResponse("GetPromptResult"),
    ReadResourceResultResponse: roundTripResponse("ReadResourceResult"),
    CompleteResultResponse: resultResponse(ref("CompleteResult")),
    DiscoverResultResponse: resultResponse(ref("DiscoverResult")),
    ListPromptsResultResponse: resultResponse(ref("ListPromptsResult")),
    ListResourcesResultResponse: resultResponse(ref("ListResourcesResult")),
    ListResourceTemplatesResultResponse: resultResponse(ref("ListResourceTemplatesResult")),
    ListToolsResultResponse: resultResponse(ref("ListToolsResult")),
    SubscriptionsListenResultResponse: resultResponse(ref("SubscriptionsListenResult")),
  },
  changed: {
    Result: obj(resultFields, { extra: true }),
    PaginatedResult,
    CallToolResult: obj({
      ...resultFields,
      content: arr(ref("ContentBlock")),
      structuredContent: opt(unknown()),
      isError: opt(bool()),
    }),
    CompleteResult: obj({
      ...resultFields,
      completion: obj({ values: arr(str(), { maxItems: 100 }), total: opt(int()), hasMore: opt(bool()) }),
    }),
    GetPromptResult: obj({
      ...resultFields,
      description: opt(str()),
      messages: arr(ref("PromptMessage")),
    }),
  },
};
