import { isObject } from "../inject/json.js";
import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT, without } from "./helpers.js";

/** 2026-07-28: creates tasks, but server/discover does not declare the tasks extension. */
export const extNotAdvertised: ServerMutant = {
  name: "ext-not-advertised",
  defect: "Leaves io.modelcontextprotocol/tasks out of server/discover's extensions while creating tasks.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks-extension/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapResultsOf("server/discover", (result) => {
      const capabilities = result.capabilities;
      if (!isObject(capabilities) || !isObject(capabilities.extensions)) return result;
      const extensions = without(capabilities.extensions, "io.modelcontextprotocol/tasks");
      return { ...result, capabilities: { ...capabilities, extensions } };
    }),
  ),
};
