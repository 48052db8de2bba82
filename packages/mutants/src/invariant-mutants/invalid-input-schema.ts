import { isObject } from "../inject/json.js";
import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { mapTools } from "../server-mutants/helpers.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** Publishes input schemas whose `required` is a string, which no JSON Schema dialect allows. */
export const invalidInputSchema: ServerMutant = {
  name: "invalid-input-schema",
  defect: "Publishes tool input schemas whose required keyword is a string (not an array).",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tools/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tools/list", (result) => ({
      ...result,
      tools: mapTools(result.tools, (tool) =>
        isObject(tool.inputSchema)
          ? { ...tool, inputSchema: { ...tool.inputSchema, required: "name" } }
          : tool,
      ),
    })),
  ),
};
