import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** Lists its first tool twice in every tools/list result. */
export const duplicateToolNames: ServerMutant = {
  name: "duplicate-tool-names",
  defect: "Lists its first tool twice in every tools/list result.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tools/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tools/list", (result) =>
      Array.isArray(result.tools) && result.tools.length > 0
        ? { ...result, tools: [...result.tools, result.tools[0]] }
        : result,
    ),
  ),
};
