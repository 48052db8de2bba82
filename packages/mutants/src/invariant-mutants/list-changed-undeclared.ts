import { isNotification, isObject } from "../inject/json.js";
import { both, mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { without } from "./helpers.js";

/**
 * Declares tools without listChanged, yet announces a tools list change as soon as the client
 * says it is initialized.
 */
export const listChangedUndeclared: ServerMutant = {
  name: "list-changed-undeclared",
  defect: "Sends notifications/tools/list_changed without declaring tools.listChanged.",
  transports: ["stdio", "ws"],
  subset: { transport: "stdio", ids: ["server/lifecycle/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    both(
      mapResultsOf("initialize", (result) => {
        const capabilities = isObject(result.capabilities) ? result.capabilities : {};
        const tools = isObject(capabilities.tools) ? without(capabilities.tools, "listChanged") : {};
        return { ...result, capabilities: { ...capabilities, tools } };
      }),
      {
        inbound: (value, reply) => {
          if (isNotification(value) && value.method === "notifications/initialized") {
            reply({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
          }
          return [value];
        },
      },
    ),
  ),
};
