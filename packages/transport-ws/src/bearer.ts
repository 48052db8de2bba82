import { BEARER_PROTOCOL_PREFIX } from "./convention.js";

/**
 * The subprotocol entry that carries `token` for a browser: `mcp.bearer.<base64url>`.
 *
 * @example
 * ```ts
 * const socket = new WebSocket("wss://mcp.example.com/mcp", [SUBPROTOCOL, bearerProtocol(token)]);
 * ```
 */
export function bearerProtocol(token: string): string {
  const bytes = new TextEncoder().encode(token);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return BEARER_PROTOCOL_PREFIX + btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The token in a `mcp.bearer.` entry, or undefined when it is not valid base64url UTF-8. */
export function tokenFromProtocol(entry: string): string | undefined {
  const encoded = entry.slice(BEARER_PROTOCOL_PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  try {
    const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
