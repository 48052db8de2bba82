/** Prompts: templated messages a server offers, listed and fetched with arguments. */
import { anyOf, arr, bool, doc, obj, opt, record, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { notificationOf, requestOf, resultOf } from "./jsonrpc.js";
import { paginatedRequestOf, paginatedResultOf } from "./utilities.js";

/** Params of `prompts/get`. */
export const getPromptParams = obj({ name: str(), arguments: opt(record(str())) });

export const prompts = {
  Prompt: doc(
    "A prompt template the server offers.",
    obj({ name: str(), description: opt(str()), arguments: opt(arr(ref("PromptArgument"))) }),
  ),
  PromptArgument: doc(
    "One argument a prompt accepts.",
    obj({ name: str(), description: opt(str()), required: opt(bool()) }),
  ),
  PromptMessage: doc(
    "One message of a filled-in prompt.",
    obj({
      role: ref("Role"),
      content: anyOf(ref("TextContent"), ref("ImageContent"), ref("EmbeddedResource")),
    }),
  ),
  ListPromptsRequest: paginatedRequestOf("prompts/list"),
  ListPromptsResult: paginatedResultOf({ prompts: arr(ref("Prompt")) }),
  GetPromptRequest: requestOf("prompts/get", getPromptParams),
  GetPromptResult: resultOf({ description: opt(str()), messages: arr(ref("PromptMessage")) }),
  PromptListChangedNotification: notificationOf("notifications/prompts/list_changed"),
} satisfies Definitions;
