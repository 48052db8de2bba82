import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapInbound } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Ignores the level set by logging/setLevel (logs everything). */
export const logLevelIgnored: ServerMutant = {
  name: "log-level-ignored",
  defect: "Ignores the level set by logging/setLevel (logs everything).",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/logging/respects-level"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapInbound("logging/setLevel", (request) => ({
      ...request,
      params: { ...(isObject(request.params) ? request.params : {}), level: "debug" },
    })),
  ),
};
