import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Echoes any requested protocol version, even one it does not support. */
export const acceptsUnknownVersion: ServerMutant = {
  name: "accepts-unknown-version",
  defect: "Echoes any requested protocol version, even one it does not support.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: {
    transport: "stdio",
    ids: ["server/lifecycle/initialize-unknown-version"],
    revisions: ["2025-11-25"],
  },
  inject: rewriting(
    mapResultsOf("initialize", (result, request) => {
      const asked = isObject(request.params) ? request.params.protocolVersion : undefined;
      return typeof asked === "string" ? { ...result, protocolVersion: asked } : result;
    }),
  ),
};
