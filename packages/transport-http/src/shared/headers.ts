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

/**
 * Header lookup by lower-case name, as the server's request view offers it (repeated values
 * joined with `, `; null when absent).
 *
 * @example
 * ```ts
 * const lookup: HeaderLookup = { header: (name) => (name === "mcp-method" ? "tools/list" : null) };
 * ```
 */
export interface HeaderLookup {
  /** The value of the header `name` (lower case), or null when absent. */
  header(name: string): string | null;
}

/** A lookup for `headers`: a web `Headers` object, or already a lookup. */
export function lookupOf(headers: Headers | HeaderLookup): HeaderLookup {
  if (typeof (headers as Partial<HeaderLookup>).header === "function") return headers as HeaderLookup;
  const web = headers as Headers;
  return { header: (name) => web.get(name) };
}
