/** Completion: suggestions for prompt arguments and resource-template variables. */
import { anyOf, arr, bool, doc, int, lit, obj, opt, ref, str, uriTemplate } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { requestOf, resultOf } from "./jsonrpc.js";

/** The argument being completed: its name and what has been typed so far. */
export const completeArgument = obj({ name: str(), value: str() });

/** Params of `completion/complete`. */
export const completeParams = obj({
  ref: anyOf(ref("PromptReference"), ref("ResourceReference")),
  argument: completeArgument,
});

export const completion = {
  CompleteRequest: requestOf("completion/complete", completeParams),
  CompleteResult: resultOf({
    completion: obj({ values: arr(str()), total: opt(int()), hasMore: opt(bool()) }),
  }),
  PromptReference: doc("Points at a prompt by name.", obj({ type: lit("ref/prompt"), name: str() })),
  ResourceReference: doc(
    "Points at a resource template by its URI template.",
    obj({ type: lit("ref/resource"), uri: uriTemplate() }),
  ),
} satisfies Definitions;
