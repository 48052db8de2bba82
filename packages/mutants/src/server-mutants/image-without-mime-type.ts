import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Sends image content blocks without their mimeType. */
export const imageWithoutMimeType: ServerMutant = {
  name: "image-without-mime-type",
  defect: "Sends image content blocks without their mimeType.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/tools/call-image"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tools/call", (result) => ({
      ...result,
      content: Array.isArray(result.content)
        ? result.content.map((block: unknown) => {
            if (!isObject(block) || block.type !== "image") return block;
            const { mimeType: _dropped, ...rest } = block;
            return rest;
          })
        : result.content,
    })),
  ),
};
