import type { ServerMutant } from "../mutant.js";
import { httpHandler, reshaped } from "../inject/http-handler.js";

/** Streamable HTTP: labels every response body text/plain. */
export const wrongContentType: ServerMutant = {
  name: "wrong-content-type",
  defect: "Streamable HTTP: labels every response body text/plain.",
  transports: ["http"],
  subset: { transport: "http", ids: ["server/lifecycle/ping"], revisions: ["2025-11-25"] },
  inject: httpHandler(async (request, next) => {
    const response = await next(request);
    return reshaped(response, response.status, (headers) => {
      if (headers.has("content-type")) headers.set("content-type", "text/plain");
    });
  }),
};
