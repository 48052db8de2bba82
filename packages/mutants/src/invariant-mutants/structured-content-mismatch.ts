import { isObject } from "../inject/json.js";
import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** Swaps the types of structuredContent's members: numbers become strings, everything else 42. */
export const structuredContentMismatch: ServerMutant = {
  name: "structured-content-mismatch",
  defect: "Returns structuredContent whose member types break the tool's outputSchema.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tools/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tools/call", (result) => {
      if (!isObject(result.structuredContent)) return result;
      const broken = Object.fromEntries(
        Object.entries(result.structuredContent).map(([key, value]) => [
          key,
          typeof value === "number" ? String(value) : 42,
        ]),
      );
      return { ...result, structuredContent: broken };
    }),
  ),
};
