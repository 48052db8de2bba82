import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT, mapContent, without } from "./helpers.js";

/** Sends text content blocks of tool results without their text. */
export const textWithoutText: ServerMutant = {
  name: "text-without-text",
  defect: "Sends text content blocks of tool results without their text member.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tools/*"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResultsOf("tools/call", (result) =>
      mapContent(result, (block) => (block.type === "text" ? without(block, "text") : block)),
    ),
  ),
};
