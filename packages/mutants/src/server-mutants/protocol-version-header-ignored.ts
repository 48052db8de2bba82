import type { ServerMutant } from "../mutant.js";
import { httpHandler, withHeaders } from "../inject/http-handler.js";

/** Streamable HTTP: ignores the MCP-Protocol-Version header (accepts any value). */
export const protocolVersionHeaderIgnored: ServerMutant = {
  name: "protocol-version-header-ignored",
  defect: "Streamable HTTP: ignores the MCP-Protocol-Version header (accepts any value).",
  transports: ["http"],
  subset: { transport: "http", ids: ["server/http/protocol-version-header"], revisions: ["2025-11-25"] },
  inject: httpHandler((request, next) =>
    next(withHeaders(request, (headers) => headers.delete("mcp-protocol-version"))),
  ),
};
