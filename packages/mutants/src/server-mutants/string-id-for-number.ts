import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResponses } from "../inject/messages.js";

/** Echoes numeric request ids as strings ('1' for 1). */
export const stringIdForNumber: ServerMutant = {
  name: "string-id-for-number",
  defect: "Echoes numeric request ids as strings ('1' for 1).",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/lifecycle/ping"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResponses((response) =>
      typeof response.id === "number" ? { ...response, id: String(response.id) } : response,
    ),
  ),
};
