/** Sampling: the server asks the client's model for a completion. */
import { anyOf, arr, doc, int, num, obj, oneOf, opt, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { unitInterval } from "./content.js";
import { requestOf, resultOf } from "./jsonrpc.js";

/** Params of `sampling/createMessage`. */
export const createMessageParams = obj({
  messages: arr(ref("SamplingMessage")),
  modelPreferences: opt(ref("ModelPreferences")),
  systemPrompt: opt(str()),
  includeContext: opt(oneOf("allServers", "none", "thisServer")),
  temperature: opt(num()),
  maxTokens: int(),
  stopSequences: opt(arr(str())),
  metadata: opt(obj({}, { extra: true })),
});

const samplingContent = anyOf(ref("TextContent"), ref("ImageContent"));

export const sampling = {
  SamplingMessage: doc(
    "One turn of the conversation sent for sampling.",
    obj({ role: ref("Role"), content: samplingContent }),
  ),
  ModelPreferences: doc(
    "How the server would like the client to pick a model; priorities run from 0 to 1.",
    obj({
      hints: opt(arr(ref("ModelHint"))),
      costPriority: opt(unitInterval()),
      speedPriority: opt(unitInterval()),
      intelligencePriority: opt(unitInterval()),
    }),
  ),
  ModelHint: doc("A suggested model name, matched loosely by the client.", obj({ name: opt(str()) })),
  CreateMessageRequest: requestOf("sampling/createMessage", createMessageParams),
  CreateMessageResult: doc(
    "The message the client's model produced.",
    resultOf({ role: ref("Role"), content: samplingContent, model: str(), stopReason: opt(str()) }),
  ),
} satisfies Definitions;
