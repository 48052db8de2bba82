import { httpHandler, reshaped } from "../inject/http-handler.js";
import type { ServerMutant } from "../mutant.js";

/** True when a POST body holds only JSON-RPC responses (the client answering a server request). */
function onlyResponses(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    const items = Array.isArray(value) ? value : [value];
    return (
      items.length > 0 &&
      items.every(
        (m) => typeof m === "object" && m !== null && !("method" in m) && ("result" in m || "error" in m),
      )
    );
  } catch {
    return false;
  }
}

/**
 * Streamable HTTP (session era): a POST carrying only the client's answers to server requests
 * (sampling, elicitation, roots) is accepted with 200 instead of 202.
 */
export const responsePost200: ServerMutant = {
  name: "response-post-200",
  defect: "Streamable HTTP: accepts POSTed JSON-RPC responses with 200 instead of 202 Accepted.",
  transports: ["http"],
  subset: {
    transport: "http",
    ids: ["server/sampling/*", "server/elicitation/*"],
    revisions: ["2025-11-25"],
  },
  inject: httpHandler(async (request, next) => {
    const answers = request.method === "POST" && onlyResponses(await request.clone().text());
    const response = await next(request);
    return answers && response.status === 202 ? reshaped(response, 200) : response;
  }),
};
