import { isObject } from "../inject/json.js";
import { mapResponses } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT, without } from "./helpers.js";

/** Leaves resultType out of tools/list results (2026-07-28 requires it on every result). */
export const noResultType: ServerMutant = {
  name: "no-result-type",
  defect: "Leaves resultType out of results that are lists (tools, prompts, resources).",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tools/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapResponses((response) => {
      const result = response.result;
      if (!isObject(result) || !["tools", "prompts", "resources"].some((key) => Array.isArray(result[key])))
        return response;
      return { ...response, result: without(result, "resultType") };
    }),
  ),
};
