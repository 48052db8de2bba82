/**
 * 2025-11-25, tools. A tool may carry `icons` and an `execution` block (task support), and its
 * input and output schemas may name their dialect with `$schema` (2020-12 is now the default).
 * `tools/call` params become `CallToolRequestParams`, which may ask to run the call as a task.
 */
import { doc, extend, opt, record, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { icons } from "./icons.js";
import { request } from "./jsonrpc.js";
import { Tool, toolObjectSchema } from "./previous.js";
import { taskAugmentedRequestParams } from "./tasks.js";

const toolSchema = extend(toolObjectSchema, { $schema: opt(str()) });

export const added: Definitions = {
  CallToolRequestParams: doc(
    "Which tool to call, with what arguments; may run as a task.",
    extend(taskAugmentedRequestParams, { name: str(), arguments: opt(record()) }),
  ),
};

export const changed: Definitions = {
  Tool: extend(Tool, {
    ...icons,
    inputSchema: toolSchema,
    outputSchema: opt(toolSchema),
    execution: opt(ref("ToolExecution")),
  }),
  CallToolRequest: request("tools/call", ref("CallToolRequestParams")),
};
