/** Header names of Streamable HTTP, lower-cased (HTTP header names are case-insensitive). */
export const Header = {
  sessionId: "mcp-session-id",
  protocolVersion: "mcp-protocol-version",
  lastEventId: "last-event-id",
} as const;

/** Media types a Streamable HTTP endpoint speaks. */
export const MediaType = {
  json: "application/json",
  sse: "text/event-stream",
} as const;

/** The revision a server assumes when a request after initialize carries no `MCP-Protocol-Version`. */
export const ASSUMED_REVISION = "2025-03-26";

/** Default largest request body: 4 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Lower-cased header names and values of a `Headers` object, as a plain record. */
export function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name.toLowerCase()] = value;
  });
  return record;
}
