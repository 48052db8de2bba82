import type { ServerMutant } from "../mutant.js";
import { httpHandler, withHeaders } from "../inject/http-handler.js";

/** Streamable HTTP: ignores the Origin header (no DNS-rebinding protection). */
export const originNotChecked: ServerMutant = {
  name: "origin-not-checked",
  defect: "Streamable HTTP: ignores the Origin header (no DNS-rebinding protection).",
  transports: ["http"],
  subset: { transport: "http", ids: ["server/http/origin-rejected"], revisions: ["2025-11-25"] },
  inject: httpHandler((request, next) => next(withHeaders(request, (headers) => headers.delete("origin")))),
};
