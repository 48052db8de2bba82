import { isObject } from "../inject/json.js";
import type { ClientMutant } from "../mutant.js";
import { onResponse } from "./lines.js";

/** Stops listing after the first page (ignores nextCursor). */
export const ignoresNextCursor: ClientMutant = {
  name: "ignores-next-cursor",
  defect: "Stops listing after the first page (ignores nextCursor).",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["client/pagination/follows-cursor"], revisions: ["2025-11-25"] },
  inbound: onResponse((response) => {
    if (!isObject(response.result)) return response;
    const { nextCursor: _ignored, ...result } = response.result;
    return { ...response, result };
  }),
};
