import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Serves prompts/* without declaring the prompts capability. */
export const undeclaredPrompts: ServerMutant = {
  name: "undeclared-prompts",
  defect: "Serves prompts/* without declaring the prompts capability.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/lifecycle/capabilities-declared"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("initialize", (result) => {
      if (!isObject(result.capabilities)) return result;
      const { prompts: _undeclared, ...capabilities } = result.capabilities;
      return { ...result, capabilities };
    }),
  ),
};
