/** 2025-06-18 structured tool output: a tool may declare an output schema and return matching JSON. */
import { arr, extend, opt, record, ref } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { toolSchemaShape } from "../2024-11-05/tools.js";
import * as previous from "../2025-03-26/content.js";
import { toolsChanged as previousTools } from "../2025-03-26/tools.js";
import { withBaseMetadata, withMeta } from "./metadata.js";

export const toolsChanged = {
  Tool: extend(withMeta(withBaseMetadata(previousTools.Tool)), { outputSchema: opt(toolSchemaShape) }),
  CallToolResult: extend(previous.contentChanged.CallToolResult, {
    content: arr(ref("ContentBlock")),
    structuredContent: opt(record()),
  }),
} satisfies Definitions;
