import type { ServerMutant } from "../mutant.js";
import { httpHandler, withHeaders } from "../inject/http-handler.js";

/** Streamable HTTP: ignores the Host header (no DNS-rebinding protection). */
export const hostNotChecked: ServerMutant = {
  name: "host-not-checked",
  defect: "Streamable HTTP: ignores the Host header (no DNS-rebinding protection).",
  transports: ["http"],
  subset: { transport: "http", ids: ["server/http/host-rejected"], revisions: ["2025-11-25"] },
  inject: httpHandler((request, next) => {
    // The handler reads the host from the URL (built from the Host header): make both loopback.
    const url = new URL(request.url);
    url.hostname = "127.0.0.1";
    return next(withHeaders(request, (headers) => headers.set("host", url.host), url.href));
  }),
};
