/**
 * Who may reach the endpoint: `"any"` turns a check off, a list allows exactly its entries. A host
 * entry is a hostname (any port) or `host:port`; an origin entry is a full origin such as
 * `https://app.example.com`.
 */
export type AllowList = readonly string[] | "any";

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether the `Host` of a request (`host` as in `URL.host`, e.g. `127.0.0.1:3000`) is allowed.
 * Without a list, only loopback names are, which defeats DNS rebinding against a local server.
 */
export function hostAllowed(host: string, allowed: AllowList | undefined): boolean {
  if (allowed === "any") return true;
  const hostname = hostnameOf(host);
  if (allowed === undefined) return LOOPBACK_HOSTNAMES.has(hostname);
  return allowed.some((entry) => {
    const lower = entry.toLowerCase();
    return lower === host.toLowerCase() || lower === hostname;
  });
}

/**
 * Whether an `Origin` header is allowed. A request without one (not from a browser) is. Without a
 * list, loopback origins are.
 */
export function originAllowed(origin: string | null, allowed: AllowList | undefined): boolean {
  if (origin === null || allowed === "any") return true;
  if (allowed !== undefined) return allowed.some((entry) => entry.toLowerCase() === origin.toLowerCase());
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_HOSTNAMES.has(url.hostname);
  } catch {
    return false;
  }
}

function hostnameOf(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith("[")) return lower.slice(0, lower.indexOf("]") + 1);
  const colon = lower.lastIndexOf(":");
  return colon === -1 ? lower : lower.slice(0, colon);
}
