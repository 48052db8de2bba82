import { mapResultsOf } from "../inject/messages.js";
import { isObject } from "../inject/json.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

/** Answers resources/read with contents labelled by a different URI than the one read. */
export const resourceWrongUri: ServerMutant = {
  name: "resource-wrong-uri",
  defect: "Labels the contents of resources/read with a URI other than the one read.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/resources/read-text"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("resources/read", (result) => ({
      ...result,
      contents: Array.isArray(result.contents)
        ? result.contents.map((c: unknown) => (isObject(c) ? { ...c, uri: `${String(c.uri)}/other` } : c))
        : result.contents,
    })),
  ),
};
