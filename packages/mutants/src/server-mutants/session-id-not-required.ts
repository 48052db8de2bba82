import type { ServerMutant } from "../mutant.js";
import { httpHandler } from "../inject/http-handler.js";
import { sessionInjector } from "./helpers.js";

/** Streamable HTTP: serves requests without Mcp-Session-Id (uses the newest session). */
export const sessionIdNotRequired: ServerMutant = {
  name: "session-id-not-required",
  defect: "Streamable HTTP: serves requests without Mcp-Session-Id (uses the newest session).",
  transports: ["http"],
  subset: { transport: "http", ids: ["server/http/session-required"], revisions: ["2025-11-25"] },
  inject: httpHandler(sessionInjector()),
};
