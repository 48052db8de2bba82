import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

/** Lists tools in a different order on every other tools/list (stateless lists must be stable). */
function alternatingOrder() {
  let calls = 0;
  return mapResultsOf("tools/list", (result) => {
    calls += 1;
    const tools = Array.isArray(result.tools) ? result.tools : [];
    return calls % 2 === 0 ? { ...result, tools: [...tools].reverse() } : result;
  });
}

export const toolsListUnstable: ServerMutant = {
  name: "tools-list-unstable",
  defect: "Returns the tool list in a different order on every other tools/list.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/list-stable"], revisions: ["stateless"] },
  inject: rewriting(alternatingOrder()),
};
