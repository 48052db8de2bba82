/** The 400 message for a `Host` header that is not a host and an optional port. */
export const INVALID_HOST = "Bad Request: invalid Host header (expected host[:port])";

/** Thrown by the node:http adapters for a request whose `Host` header {@link parseHost} refuses. */
export class InvalidHostError extends TypeError {
  constructor() {
    super(INVALID_HOST);
    this.name = "InvalidHostError";
  }
}

/** Characters of an RFC 3986 reg-name besides letters and digits: unreserved marks and sub-delims. */
const REG_NAME_MARKS = new Set("-._~!$&'()*+,;=");
/** Characters inside the brackets of an IPv6 literal (the URL parser checks the grammar itself). */
const IPV6_CHARS = /^[0-9A-Fa-f:.]+$/;
const HIGHEST_PORT = 65535;

/** Values seen lately: clients send the same few `Host` values again and again. */
const seen = new Map<string, string | null>();
const MAX_SEEN = 64;

/**
 * The host a `Host` header names, as `URL.host` has it (lower case, default port dropped, IPv4
 * and IPv6 forms normalised), or undefined when the value is not `host [":" port]` (RFC 9112
 * §3.2, RFC 3986 §3.2.2): a reg-name, an IPv4 address or a bracketed IPv6 literal, then
 * optionally `:` and a port of 0 to 65535. Anything else (userinfo, a path, a query or fragment,
 * a backslash, spaces, two ports, an empty value) is refused, so no URL built on the value can
 * name another host than the one checked. Percent-encoding is refused too, though a reg-name may
 * carry it: no DNS name needs it, and URL parsers decode it.
 *
 * @example
 * ```ts
 * parseHost("LOCALHOST:3000"); // "localhost:3000"
 * parseHost("evil.example@127.0.0.1:3000"); // undefined
 * ```
 */
export function parseHost(value: string): string | undefined {
  const known = seen.get(value);
  if (known !== undefined) return known ?? undefined;
  const parsed = hostGrammarAllows(value) ? normalised(value) : undefined;
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.set(value, parsed ?? null);
  return parsed;
}

function hostGrammarAllows(value: string): boolean {
  let portStart: number;
  if (value.charCodeAt(0) === 0x5b /* [ */) {
    const close = value.indexOf("]");
    if (close === -1 || !IPV6_CHARS.test(value.slice(1, close))) return false;
    portStart = close + 1;
  } else {
    const colon = value.indexOf(":");
    portStart = colon === -1 ? value.length : colon;
    if (portStart === 0) return false;
    for (let i = 0; i < portStart; i += 1) if (!isRegNameChar(value.charCodeAt(i))) return false;
  }
  return portAllows(value, portStart);
}

function isRegNameChar(code: number): boolean {
  const alphanumeric =
    (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return alphanumeric || (code < 0x80 && REG_NAME_MARKS.has(String.fromCharCode(code)));
}

/** Whether what follows the host (from `start`) is nothing, or `:` and digits up to 65535. */
function portAllows(value: string, start: number): boolean {
  if (start === value.length) return true;
  if (value.charCodeAt(start) !== 0x3a /* : */ || start + 1 === value.length) return false;
  let port = 0;
  for (let i = start + 1; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
    port = port * 10 + (code - 0x30);
    if (port > HIGHEST_PORT) return false;
  }
  return true;
}

/** `URL.host` of a value the grammar allowed (the URL parser may still refuse, e.g. `1.2.3.999`). */
function normalised(value: string): string | undefined {
  try {
    return new URL(`http://${value}`).host;
  } catch {
    return undefined;
  }
}
