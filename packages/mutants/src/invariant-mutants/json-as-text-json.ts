import { httpHandler, reshaped } from "../inject/http-handler.js";
import type { ServerMutant } from "../mutant.js";

/**
 * Streamable HTTP: JSON answers to POSTs are labelled `text/json` (a JSON body, but neither of the
 * two media types the transport allows for the answer to a request).
 */
export const jsonAsTextJson: ServerMutant = {
  name: "json-as-text-json",
  defect: "Streamable HTTP: labels JSON answers to POSTs text/json instead of application/json.",
  transports: ["http"],
  subset: {
    transport: "http",
    ids: ["server/lifecycle/*", "server/tools/*"],
    revisions: ["2025-11-25", "2026-07-28"],
  },
  inject: httpHandler(async (request, next) => {
    const response = await next(request);
    const type = response.headers.get("content-type") ?? "";
    if (request.method !== "POST" || !type.startsWith("application/json")) return response;
    return reshaped(response, response.status, (headers) => headers.set("content-type", "text/json"));
  }),
};
