import type { ServerMutant } from "../mutant.js";
import { httpHandler, reshaped, withHeaders } from "../inject/http-handler.js";

/** Streamable HTTP: issues session ids containing a space (not visible ASCII). */
export const sessionIdWithSpace: ServerMutant = {
  name: "session-id-with-space",
  defect: "Streamable HTTP: issues session ids containing a space (not visible ASCII).",
  transports: ["http"],
  subset: { transport: "http", ids: ["server/http/session-id"], revisions: ["2025-11-25"] },
  inject: httpHandler(async (request, next) => {
    const sent = request.headers.get("mcp-session-id");
    const inbound =
      sent === null ? request : withHeaders(request, (h) => h.set("mcp-session-id", sent.replace(/ x$/, "")));
    const response = await next(inbound);
    const issued = response.headers.get("mcp-session-id");
    if (issued === null) return response;
    return reshaped(response, response.status, (headers) => headers.set("mcp-session-id", `${issued} x`));
  }),
};
