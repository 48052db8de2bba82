import { isObject } from "../inject/json.js";
import { both, mapInbound, mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

const LOOP = "mcpkit-mutant-page";

/**
 * Every tools/list page says there is more (nextCursor), and the page that cursor asks for is the
 * first page again with the same nextCursor: pagination never ends.
 */
export const nextCursorLoops: ServerMutant = {
  name: "next-cursor-loops",
  defect: "tools/list always returns the same nextCursor, which leads back to the same page.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tools/*", "server/pagination/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    both(
      mapInbound("tools/list", (request) => {
        if (!isObject(request.params) || request.params.cursor !== LOOP) return request;
        const { cursor: _loop, ...params } = request.params;
        return { ...request, params };
      }),
      mapResultsOf("tools/list", (result) => ({ ...result, nextCursor: LOOP })),
    ),
  ),
};
