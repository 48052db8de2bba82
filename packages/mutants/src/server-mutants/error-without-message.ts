import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResponses } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Sends error objects without a message. */
export const errorWithoutMessage: ServerMutant = {
  name: "error-without-message",
  defect: "Sends error objects without a message.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: {
    transport: "stdio",
    ids: ["server/base/method-not-found", "server/mutants/*"],
    revisions: ["2025-11-25"],
  },
  inject: rewriting(
    mapResponses((response) => {
      if (!isObject(response.error)) return response;
      const { message: _dropped, ...error } = response.error;
      return { ...response, error };
    }),
  ),
};
