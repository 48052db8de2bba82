import type { ServerMutant } from "../mutant.js";
import { httpHandler } from "../inject/http-handler.js";

/** Streamable HTTP: answers DELETE with 200 but keeps the session alive. */
export const deleteKeepsSession: ServerMutant = {
  name: "delete-keeps-session",
  defect: "Streamable HTTP: answers DELETE with 200 but keeps the session alive.",
  transports: ["http"],
  subset: { transport: "http", ids: ["server/http/session-terminated"], revisions: ["2025-11-25"] },
  inject: httpHandler((request, next) =>
    request.method === "DELETE" ? Promise.resolve(new Response(null, { status: 200 })) : next(request),
  ),
};
