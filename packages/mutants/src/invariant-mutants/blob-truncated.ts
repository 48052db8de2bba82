import { isObject } from "../inject/json.js";
import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** Cuts the last character off every blob it serves: the data is no longer whole base64 groups. */
export const blobTruncated: ServerMutant = {
  name: "blob-truncated",
  defect: "Serves resources/read blobs one character short (not base64: not whole 4-character groups).",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/resources/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("resources/read", (result) => {
      if (!Array.isArray(result.contents)) return result;
      const contents = result.contents.map((item: unknown) =>
        isObject(item) && typeof item.blob === "string" ? { ...item, blob: item.blob.slice(0, -1) } : item,
      );
      return { ...result, contents };
    }),
  ),
};
