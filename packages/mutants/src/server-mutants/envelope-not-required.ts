import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";
import { isRequest } from "../inject/json.js";
import { withEnvelope } from "./helpers.js";

/** Accepts stateless requests without the _meta envelope (fills in its own). */
export const envelopeNotRequired: ServerMutant = {
  name: "envelope-not-required",
  defect: "Accepts stateless requests without the _meta envelope (fills in its own).",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/lifecycle/missing-envelope"], revisions: ["stateless"] },
  inject: rewriting({ inbound: (value) => [isRequest(value) ? withEnvelope(value) : value] }),
};
