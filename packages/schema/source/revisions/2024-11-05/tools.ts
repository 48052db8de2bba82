/** Tools: functions a server exposes for the model to call. */
import { anyOf, arr, bool, doc, lit, obj, opt, record, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { notificationOf, requestOf, resultOf } from "./jsonrpc.js";
import { paginatedRequestOf, paginatedResultOf } from "./utilities.js";

/** The restricted JSON Schema a tool declares for its arguments: always an object. */
export const toolSchemaShape = obj({
  type: lit("object"),
  properties: opt(record(obj({}, { extra: true }))), // each property is a JSON Schema object
  required: opt(arr(str())),
});

/** Params of `tools/call`. */
export const callToolParams = obj({ name: str(), arguments: opt(record()) });

export const tools = {
  Tool: doc(
    "A tool the client may call.",
    obj({ name: str(), description: opt(str()), inputSchema: toolSchemaShape }),
  ),
  ListToolsRequest: paginatedRequestOf("tools/list"),
  ListToolsResult: paginatedResultOf({ tools: arr(ref("Tool")) }),
  CallToolRequest: requestOf("tools/call", callToolParams),
  CallToolResult: doc(
    "What a tool call produced; `isError` marks a failure inside the tool.",
    resultOf({
      content: arr(anyOf(ref("TextContent"), ref("ImageContent"), ref("EmbeddedResource"))),
      isError: opt(bool()),
    }),
  ),
  ToolListChangedNotification: notificationOf("notifications/tools/list_changed"),
} satisfies Definitions;
