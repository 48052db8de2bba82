import { httpHandler, reshaped } from "../inject/http-handler.js";
import type { ServerMutant } from "../mutant.js";

/** Streamable HTTP at 2026-07-28: SSE responses without X-Accel-Buffering: no. */
export const noAccelBuffering: ServerMutant = {
  name: "no-accel-buffering",
  defect: "Streamable HTTP: 2026-07-28 SSE responses lack X-Accel-Buffering: no.",
  transports: ["http"],
  subset: { transport: "http", ids: ["server/tools/*", "server/http2026/*"], revisions: ["2026-07-28"] },
  inject: httpHandler(async (request, next) => {
    const response = await next(request);
    if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) return response;
    return reshaped(response, response.status, (headers) => headers.delete("x-accel-buffering"));
  }),
};
