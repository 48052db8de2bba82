/**
 * The 2025-11-25 shapes that this revision trims or retypes, taken from that revision's own modules
 * so that each change below reads as "the old shape, minus or plus these members". Their
 * descriptions are dropped: where one still fits, the 2026-07-28 module says so itself.
 */
import type { JsonSchema } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import * as elicitation from "../2025-11-25/elicitation.js";
import * as icons from "../2025-11-25/icons.js";
import * as params from "../2025-11-25/params.js";
import * as sampling from "../2025-11-25/sampling.js";
import * as tools from "../2025-11-25/tools.js";

/** One definition from a 2025-11-25 module, without its top-level description. */
function pick(defs: Definitions, name: string): JsonSchema {
  const schema = defs[name];
  if (schema === undefined)
    throw new Error(`2026-07-28: 2025-11-25 no longer defines ${name} where expected`);
  return Object.fromEntries(Object.entries(schema).filter(([key]) => key !== "description"));
}

export const was = {
  Tool: pick(tools.changed, "Tool"),

  ElicitRequest: pick(elicitation.changed, "ElicitRequest"),
  ElicitRequestFormParams: pick(elicitation.added, "ElicitRequestFormParams"),
  ElicitRequestURLParams: pick(elicitation.added, "ElicitRequestURLParams"),
  ElicitResult: pick(elicitation.changed, "ElicitResult"),

  CreateMessageRequest: pick(sampling.changed, "CreateMessageRequest"),
  CreateMessageRequestParams: pick(sampling.added, "CreateMessageRequestParams"),
  CreateMessageResult: pick(sampling.changed, "CreateMessageResult"),
  SamplingMessage: pick(sampling.changed, "SamplingMessage"),
  ToolUseContent: pick(sampling.added, "ToolUseContent"),
  ToolResultContent: pick(sampling.added, "ToolResultContent"),

  Prompt: pick(icons.changed, "Prompt"),
  Resource: pick(icons.changed, "Resource"),
  ResourceLink: pick(icons.changed, "ResourceLink"),
  ResourceTemplate: pick(icons.changed, "ResourceTemplate"),

  CompleteRequestParams: pick(params.added, "CompleteRequestParams"),
  CancelledNotificationParams: pick(params.added, "CancelledNotificationParams"),
  ProgressNotificationParams: pick(params.added, "ProgressNotificationParams"),
  LoggingMessageNotificationParams: pick(params.added, "LoggingMessageNotificationParams"),
  ResourceUpdatedNotificationParams: pick(params.added, "ResourceUpdatedNotificationParams"),
};
