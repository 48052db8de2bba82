import type { Json } from "../model/json.js";
import type { Revision } from "../model/revisions.js";
import type { HttpExchange } from "../wire/wire.js";
import type { Breach } from "./violation.js";

/**
 * `tasks.http.get-no-sse` (2025-11-25, SHOULD NOT): a POST carrying only a tasks/get request is
 * answered with a JSON body, not by opening an SSE stream: the client said it wants to poll.
 */
export function taskExchangeRules(exchange: HttpExchange, revision: Revision): Breach[] {
  if (revision !== "2025-11-25" || exchange.method !== "POST" || exchange.body === undefined) return [];
  if (exchange.status < 200 || exchange.status > 299) return [];
  let message: Json;
  try {
    message = JSON.parse(exchange.body) as Json;
  } catch {
    return [];
  }
  if (
    typeof message !== "object" ||
    message === null ||
    Array.isArray(message) ||
    message.method !== "tasks/get"
  )
    return [];
  const type = (exchange.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "text/event-stream") return [];
  return [
    {
      requirement: "tasks.http.get-no-sse",
      detail: "a tasks/get POST was answered with an SSE stream, not a JSON body",
      message,
    },
  ];
}
