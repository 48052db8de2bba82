/** Hosts seen lately, as `URL.host` gives them: clients send the same few `Host` values again and again. */
const seen = new Map<string, string>();
const MAX_SEEN = 64;

/**
 * The host of a node:http request as a web `Request` for it would have it: `URL.host` of the
 * request target resolved against `http://<Host header>` (lower-cased, default port dropped,
 * IPv6 and numeric IPv4 forms normalised). A request target in origin form (`/mcp?x`) always
 * takes the `Host` header, so its result is remembered per header value and no `URL` is made
 * per request.
 *
 * @throws TypeError when the host (or an absolute request target) is not a valid URL.
 */
export function requestHost(target: string, hostHeader: string | undefined): string {
  const host = hostHeader ?? "localhost";
  // Scheme-relative (`//other/x`) and absolute targets name their own host.
  if (target.charCodeAt(0) !== 47 || target.charCodeAt(1) === 47) {
    return new URL(target, `http://${host}`).host;
  }
  const known = seen.get(host);
  if (known !== undefined) return known;
  const parsed = new URL(`http://${host}`).host;
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.set(host, parsed);
  return parsed;
}
