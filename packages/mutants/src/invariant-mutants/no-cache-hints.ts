import { isResponse, isObject } from "../inject/json.js";
import { mapResponses } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT, without } from "./helpers.js";

/** Leaves ttlMs and cacheScope out of every result (2026-07-28 requires them on lists and reads). */
export const noCacheHints: ServerMutant = {
  name: "no-cache-hints",
  defect: "Leaves ttlMs and cacheScope out of list, read and discover results.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tools/*", "server/resources/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapResponses((response) =>
      isResponse(response) && isObject(response.result)
        ? { ...response, result: without(response.result, "ttlMs", "cacheScope") }
        : response,
    ),
  ),
};
