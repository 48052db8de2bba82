import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResponses } from "../inject/messages.js";

/** Answers numeric request ids with the id plus 1000. */
export const wrongResponseId: ServerMutant = {
  name: "wrong-response-id",
  defect: "Answers numeric request ids with the id plus 1000.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/lifecycle/ping"], revisions: ["2025-11-25"] },
  inject: rewriting(
    mapResponses((response) =>
      typeof response.id === "number" ? { ...response, id: response.id + 1000 } : response,
    ),
  ),
};
