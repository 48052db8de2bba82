import type { Json } from "../model/json.js";
import type { Breach } from "./violation.js";

/**
 * The WebSocket opening of a client under test (lower-case header names of its upgrade request):
 * it offers the `mcp` subprotocol in Sec-WebSocket-Protocol.
 */
export function clientWsRules(headers: Record<string, string>, message: Json): Breach[] {
  const offered = (headers["sec-websocket-protocol"] ?? "").split(",").map((p) => p.trim());
  if (offered.includes("mcp")) return [];
  return [
    {
      requirement: "ws.subprotocol.offer",
      detail: `the WebSocket upgrade offers ${JSON.stringify(headers["sec-websocket-protocol"] ?? null)}, not the subprotocol mcp`,
      message,
    },
  ];
}
