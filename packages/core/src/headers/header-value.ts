const WRAP_START = "=?base64?";
const WRAP_END = "?=";
/** Printable ASCII: what travels in a header as is. */
const SAFE = /^[\x20-\x7e]*$/;
/** Canonical base64 (RFC 4648, padded, standard alphabet). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function isWrapped(value: string): boolean {
  return (
    value.length >= WRAP_START.length + WRAP_END.length &&
    value.startsWith(WRAP_START) &&
    value.endsWith(WRAP_END)
  );
}

/**
 * A value as HTTP header text (the 2026-07-28 `Mcp-Name` / `Mcp-Param-*` rule): as is when it is
 * printable ASCII without leading or trailing whitespace (HTTP would trim it), else
 * `=?base64?<base64 of the UTF-8>?=`. A literal that itself looks like a wrapper is wrapped too,
 * so the receiver cannot mistake it for an encoded value.
 *
 * @example
 * ```ts
 * encodeHeaderValue("us-west1"); // "us-west1"
 * encodeHeaderValue("Hello, 世界"); // "=?base64?SGVsbG8sIOS4lueVjA==?="
 * ```
 */
export function encodeHeaderValue(value: string): string {
  if (SAFE.test(value) && value.trim() === value && !isWrapped(value)) return value;
  let binary = "";
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return `${WRAP_START}${btoa(binary)}${WRAP_END}`;
}

/**
 * A header value as the sender meant it: `=?base64?…?=` carries UTF-8 that is not safe ASCII;
 * anything else (including a value with only the prefix or only the suffix) is literal, with
 * surrounding spaces dropped. Undefined for a wrapper whose base64 is not canonical (bad padding,
 * characters outside the alphabet) or whose bytes are not UTF-8.
 *
 * @example
 * ```ts
 * decodeHeaderValue("=?base64?SGVsbG8sIOS4lueVjA==?="); // "Hello, 世界"
 * decodeHeaderValue(" get_weather "); // "get_weather"
 * decodeHeaderValue("=?base64?SGVsbG8?="); // undefined (bad padding)
 * ```
 */
export function decodeHeaderValue(raw: string): string | undefined {
  const value = raw.trim();
  if (!isWrapped(value)) return value;
  const encoded = value.slice(WRAP_START.length, -WRAP_END.length);
  if (!BASE64.test(encoded)) return undefined;
  try {
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
