import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResponses } from "../inject/messages.js";
import { isObject } from "../inject/json.js";

/** Sends error codes as strings ('-32601'). */
export const stringErrorCode: ServerMutant = {
  name: "string-error-code",
  defect: "Sends error codes as strings ('-32601').",
  transports: ["stdio", "http", "sse", "ws"],
  subset: {
    transport: "stdio",
    ids: ["server/base/method-not-found", "server/tools/unknown-tool", "server/mutants/*"],
    revisions: ["2025-11-25"],
  },
  inject: rewriting(
    mapResponses((response) =>
      isObject(response.error)
        ? { ...response, error: { ...response.error, code: String(response.error.code) } }
        : response,
    ),
  ),
};
