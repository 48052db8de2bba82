const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether plain `http:` may be used to reach `url`: only on loopback (an authorization server a
 * test or a developer runs locally), or when the caller says so.
 */
export function httpAllowed(url: URL, allowHttp: boolean | undefined): boolean {
  if (url.protocol !== "http:") return false;
  return allowHttp ?? LOOPBACK.has(url.hostname);
}
