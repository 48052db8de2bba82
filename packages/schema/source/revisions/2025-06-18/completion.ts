/**
 * 2025-06-18 completion: `ResourceReference` is renamed `ResourceTemplateReference`, and a request
 * may pass the arguments already filled in as context.
 */
import { anyOf, doc, extend, obj, opt, record, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { completeParams as previousCompleteParams, completion } from "../2024-11-05/completion.js";
import { requestOf } from "../2024-11-05/jsonrpc.js";

/** Params of `completion/complete`. */
export const completeParams = extend(previousCompleteParams, {
  ref: anyOf(ref("PromptReference"), ref("ResourceTemplateReference")),
  context: opt(obj({ arguments: opt(record(str())) })),
});

export const completionAdded = {
  ResourceTemplateReference: doc(
    "Points at a resource template by its URI template.",
    completion.ResourceReference,
  ),
} satisfies Definitions;

export const completionChanged = {
  CompleteRequest: requestOf("completion/complete", completeParams),
} satisfies Definitions;

export const completionRemoved = ["ResourceReference"];
