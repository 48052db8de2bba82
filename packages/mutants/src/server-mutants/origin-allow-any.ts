import type { ServerMutant } from "../mutant.js";

/** Security options that allow every browser Origin (the WebSocket upgrade check included). */
export const originAllowAny: ServerMutant = {
  name: "origin-allow-any",
  defect: "Network transports accept a request or WebSocket upgrade from any Origin.",
  transports: ["http", "sse", "ws"],
  subset: { transport: "ws", ids: ["server/ws/origin-rejected"], revisions: ["2025-11-25"] },
  inject: (assembly) => ({ ...assembly, security: { ...assembly.security, allowedOrigins: "any" } }),
};
