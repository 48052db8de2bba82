import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResponses } from "../inject/messages.js";
import { recode } from "./helpers.js";

/** Reports a missing resource with -32603 instead of its specified code. */
export const resourceNotFoundCode: ServerMutant = {
  name: "resource-not-found-code",
  defect: "Reports a missing resource with -32603 instead of its specified code.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/resources/not-found-code"], revisions: ["2025-11-25"] },
  inject: rewriting(mapResponses((response) => recode(-32602, -32603)(recode(-32002, -32603)(response)))),
};
