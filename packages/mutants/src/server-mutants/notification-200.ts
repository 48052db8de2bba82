import type { ServerMutant } from "../mutant.js";
import { httpHandler, reshaped } from "../inject/http-handler.js";

/** Streamable HTTP: answers POSTed notifications with 200 instead of 202. */
export const notification200: ServerMutant = {
  name: "notification-200",
  defect: "Streamable HTTP: answers POSTed notifications with 200 instead of 202.",
  transports: ["http"],
  subset: {
    transport: "http",
    ids: ["server/lifecycle/notification-gets-no-response"],
    revisions: ["2025-11-25"],
  },
  inject: httpHandler(async (request, next) => {
    const response = await next(request);
    return response.status === 202 ? reshaped(response, 200) : response;
  }),
};
