/**
 * 2025-11-25, sampling with tools. `sampling/createMessage` params become
 * `CreateMessageRequestParams` and may offer `tools` with a `toolChoice`, and may run as a task.
 * Messages and results may now hold `ToolUseContent` (the model calls a tool) and
 * `ToolResultContent` (the caller answers it), singly or as an array of content blocks.
 */
import { anyOf, arr, bool, doc, extend, lit, obj, oneOf, opt, record, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { meta, request, requestMeta } from "./jsonrpc.js";
import { previous, previousParams } from "./previous.js";

const blocks = ["TextContent", "ImageContent", "AudioContent", "ToolUseContent", "ToolResultContent"];

/** One content block, or several, in a sampled message. */
const samplingContent = anyOf(...blocks.map((name) => ref(name)), arr(ref("SamplingMessageContentBlock")));

export const added: Definitions = {
  CreateMessageRequestParams: extend(previousParams("CreateMessageRequest"), {
    _meta: requestMeta,
    task: opt(ref("TaskMetadata")),
    tools: opt(arr(ref("Tool"))),
    toolChoice: opt(ref("ToolChoice")),
  }),
  SamplingMessageContentBlock: doc(
    "One block of a sampled message.",
    anyOf(...blocks.map((name) => ref(name))),
  ),
  ToolChoice: doc(
    "Whether the model may, must or must not call tools; default auto.",
    obj({ mode: opt(oneOf("auto", "none", "required")) }),
  ),
  ToolUseContent: doc(
    "The model asks for a tool call.",
    obj({ type: lit("tool_use"), id: str(), name: str(), input: record(), _meta: meta }),
  ),
  ToolResultContent: doc(
    "The outcome of a tool call, answering the ToolUseContent whose id is `toolUseId`.",
    obj({
      type: lit("tool_result"),
      toolUseId: str(),
      content: arr(ref("ContentBlock")),
      structuredContent: opt(record()),
      isError: opt(bool()),
      _meta: meta,
    }),
  ),
};

export const changed: Definitions = {
  CreateMessageRequest: request("sampling/createMessage", ref("CreateMessageRequestParams")),
  SamplingMessage: extend(previous("SamplingMessage"), { content: samplingContent, _meta: meta }),
  CreateMessageResult: extend(previous("CreateMessageResult"), { content: samplingContent }),
};
