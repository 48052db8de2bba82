import { isObject } from "../inject/json.js";
import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** 2026-07-28: server/discover advertises the 2025-11-25 tasks capability beside the tasks extension. */
export const extLegacyCapability: ServerMutant = {
  name: "ext-legacy-capability",
  defect: "Declares the 2025-11-25 tasks capability in server/discover next to the tasks extension.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tasks-extension/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapResultsOf("server/discover", (result) => {
      if (!isObject(result.capabilities)) return result;
      const tasks = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
      return { ...result, capabilities: { ...result.capabilities, tasks } };
    }),
  ),
};
