import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";
import { dropInputSchema, mapTools } from "./helpers.js";

/** Lists tools without their inputSchema. */
export const toolWithoutInputSchema: ServerMutant = {
  name: "tool-without-input-schema",
  defect: "Lists tools without their inputSchema.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/list"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tools/list", (result) => ({ ...result, tools: mapTools(result.tools, dropInputSchema) })),
  ),
};
