import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";
import { mapTools } from "./helpers.js";

/** Lists tool names with a space in them. */
export const invalidToolName: ServerMutant = {
  name: "invalid-tool-name",
  defect: "Lists tool names with a space in them.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/names"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tools/list", (result) => ({
      ...result,
      tools: mapTools(result.tools, (tool) => ({ ...tool, name: `${String(tool.name)} tool` })),
    })),
  ),
};
