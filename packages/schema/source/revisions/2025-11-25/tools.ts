/**
 * 2025-11-25, tools. A tool may carry `icons` and an `execution` block (task support), and its
 * input and output schemas may name their dialect with `$schema` (2020-12 is now the default).
 * `tools/call` params become `CallToolRequestParams`, which may ask to run the call as a task.
 */
import { doc, extend, opt, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { icons } from "./icons.js";
import { request, requestMeta } from "./jsonrpc.js";
import { previous, previousParams, propertyOf } from "./previous.js";

const Tool = previous("Tool");

/** A tool's input or output schema, which may now declare its dialect. */
const withDialect = (property: string) => extend(propertyOf(Tool, property), { $schema: opt(str()) });

export const added: Definitions = {
  CallToolRequestParams: doc(
    "Which tool to call, with what arguments; may run as a task.",
    extend(previousParams("CallToolRequest"), { _meta: requestMeta, task: opt(ref("TaskMetadata")) }),
  ),
};

export const changed: Definitions = {
  Tool: extend(Tool, {
    ...icons,
    inputSchema: withDialect("inputSchema"),
    outputSchema: opt(withDialect("outputSchema")),
    execution: opt(ref("ToolExecution")),
  }),
  CallToolRequest: request("tools/call", ref("CallToolRequestParams")),
};
