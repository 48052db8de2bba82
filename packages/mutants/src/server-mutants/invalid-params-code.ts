import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResponses } from "../inject/messages.js";
import { recode } from "./helpers.js";

/** Answers invalid params with -32603 instead of -32602. */
export const invalidParamsCode: ServerMutant = {
  name: "invalid-params-code",
  defect: "Answers invalid params with -32603 instead of -32602.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: {
    transport: "stdio",
    ids: ["server/tools/unknown-tool", "server/base/invalid-params"],
    revisions: ["2025-11-25"],
  },
  inject: rewriting(mapResponses(recode(-32602, -32603))),
};
