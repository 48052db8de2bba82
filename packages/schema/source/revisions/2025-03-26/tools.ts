/** 2025-03-26 tool annotations: hints about how a tool behaves. */
import { bool, doc, extend, obj, opt, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { tools } from "../2024-11-05/tools.js";

export const toolsAdded = {
  ToolAnnotations: doc(
    "Untrusted hints about a tool: its title and whether it reads, destroys, repeats safely or reaches outside.",
    obj({
      title: opt(str()),
      readOnlyHint: opt(bool()),
      destructiveHint: opt(bool()),
      idempotentHint: opt(bool()),
      openWorldHint: opt(bool()),
    }),
  ),
} satisfies Definitions;

export const toolsChanged = {
  Tool: extend(tools.Tool, { annotations: opt(ref("ToolAnnotations")) }),
} satisfies Definitions;
