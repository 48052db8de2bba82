import type { Json } from "../model/json.js";
import type { Revision } from "../model/revisions.js";
import type { HttpExchange } from "../wire/wire.js";
import type { Breach } from "./violation.js";

/** The JSON-RPC messages of a POST body, or undefined when it is not JSON-RPC. */
function messagesOf(body: string | undefined): Json[] | undefined {
  if (body === undefined) return undefined;
  let value: Json;
  try {
    value = JSON.parse(body) as Json;
  } catch {
    return undefined;
  }
  const items = Array.isArray(value) ? value : [value];
  const jsonRpc = items.every(
    (m) => typeof m === "object" && m !== null && !Array.isArray(m) && m.jsonrpc === "2.0",
  );
  return items.length > 0 && jsonRpc ? items : undefined;
}

/** A notification (a method, no id) or a response (a result or an error, no method). */
function carriesNoRequest(message: Json): boolean {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  if (typeof message.method === "string") return !Object.hasOwn(message, "id");
  return Object.hasOwn(message, "result") || Object.hasOwn(message, "error");
}

/** A request: a method and an id. */
function isRequest(message: Json): boolean {
  return (
    typeof message === "object" &&
    message !== null &&
    !Array.isArray(message) &&
    typeof message.method === "string" &&
    Object.hasOwn(message, "id")
  );
}

const ANSWER_TYPES = new Set(["application/json", "text/event-stream"]);

/**
 * Rules on one Streamable HTTP exchange the server accepted (any 2xx), from basic/transports
 * "Sending Messages to the Server": a POST carrying a request is answered with Content-Type
 * `application/json` or `text/event-stream` (both eras); a POST of only notifications or responses
 * (session era, 2025-03-26 to 2025-11-25) or of notifications (2026-07-28) gets 202 Accepted with
 * no body.
 */
export function exchangeRules(exchange: HttpExchange, revision: Revision): Breach[] {
  if (exchange.method !== "POST" || exchange.status < 200 || exchange.status > 299) return [];
  const messages = messagesOf(exchange.body);
  if (messages === undefined) return [];
  const sent = messages.length === 1 ? (messages[0] as Json) : messages;
  if (messages.some(isRequest)) {
    const type = (exchange.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (ANSWER_TYPES.has(type)) return [];
    return [
      {
        requirement:
          revision >= "2026-07-28" ? "http2026.post.request-content-type" : "http.post.request-content-type",
        detail: `a POST carrying a request was answered (HTTP ${exchange.status}) with Content-Type ${JSON.stringify(exchange.headers["content-type"] ?? null)}, neither application/json nor text/event-stream`,
        message: sent,
      },
    ];
  }
  if (!messages.every(carriesNoRequest)) return [];
  const requirement = revision >= "2026-07-28" ? "http2026.post.notification-202" : "http.post.accepted-202";
  const what = messages.some(
    (m) => typeof m === "object" && m !== null && !Array.isArray(m) && typeof m.method === "string",
  )
    ? "notifications"
    : "responses";
  if (exchange.status !== 202)
    return [
      {
        requirement,
        detail: `a POST of only ${what} was accepted with HTTP ${exchange.status}, not 202`,
        message: sent,
      },
    ];
  if (exchange.text === undefined || exchange.text !== "")
    return [
      {
        requirement,
        detail: `a POST of only ${what} was answered 202 with a body (${exchange.text === undefined ? "an SSE stream" : JSON.stringify(exchange.text.slice(0, 200))})`,
        message: sent,
      },
    ];
  return [];
}
