import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResponses } from "../inject/messages.js";
import { recode } from "./helpers.js";

/** Answers unknown methods with -32600 instead of -32601. */
export const methodNotFoundCode: ServerMutant = {
  name: "method-not-found-code",
  defect: "Answers unknown methods with -32600 instead of -32601.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/base/method-not-found"], revisions: ["2025-11-25"] },
  inject: rewriting(mapResponses(recode(-32601, -32600))),
};
