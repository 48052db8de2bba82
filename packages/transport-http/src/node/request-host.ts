import { InvalidHostError, parseHost } from "../server/host.js";

/**
 * The host of a node:http request, for the Host check: its `Host` header as `URL.host` has it
 * (lower-cased, default port dropped, IPv6 and numeric IPv4 forms normalised). Only the header
 * counts: a request target is never resolved against it, so neither `//other/x` nor an absolute
 * target can name the host that is checked. Without a `Host` header (HTTP/1.0), `localhost`.
 * Parsing is remembered per header value (see `parseHost`): no `URL` is made per request.
 *
 * @throws InvalidHostError when the `Host` header is not `host[:port]`; TypeError when an
 *   absolute request target is not a valid URL (a web `Request` could not be made of it either).
 */
export function requestHost(target: string, hostHeader: string | undefined): string {
  if (target.charCodeAt(0) !== 47 /* / */ && !URL.canParse(target, "http://localhost")) {
    throw new TypeError("the request target is not a valid URL");
  }
  if (hostHeader === undefined) return "localhost";
  const host = parseHost(hostHeader);
  if (host === undefined) throw new InvalidHostError();
  return host;
}
