import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResponses } from "../inject/messages.js";

/** Adds an error member to responses that have a result. */
export const resultAndError: ServerMutant = {
  name: "result-and-error",
  defect: "Adds an error member to responses that have a result.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: {
    transport: "stdio",
    ids: ["server/lifecycle/ping", "server/mutants/*"],
    revisions: ["2025-11-25"],
  },
  inject: rewriting(
    mapResponses((response) =>
      "result" in response ? { ...response, error: { code: -32603, message: "mutant" } } : response,
    ),
  ),
};
