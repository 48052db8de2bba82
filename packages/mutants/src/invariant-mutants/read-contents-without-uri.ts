import { isObject } from "../inject/json.js";
import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT, without } from "./helpers.js";

/** Leaves uri out of the contents items of resources/read results. */
export const readContentsWithoutUri: ServerMutant = {
  name: "read-contents-without-uri",
  defect: "Leaves uri out of the contents items of resources/read results.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/resources/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("resources/read", (result) =>
      Array.isArray(result.contents)
        ? {
            ...result,
            contents: result.contents.map((item: unknown) => (isObject(item) ? without(item, "uri") : item)),
          }
        : result,
    ),
  ),
};
