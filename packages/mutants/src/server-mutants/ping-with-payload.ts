import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { mapResultsOf } from "../inject/messages.js";

/** Answers ping with a non-empty result. */
export const pingWithPayload: ServerMutant = {
  name: "ping-with-payload",
  defect: "Answers ping with a non-empty result.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/lifecycle/ping"], revisions: ["2025-11-25"] },
  inject: rewriting(mapResultsOf("ping", (result) => ({ ...result, pong: true }))),
};
