import { HttpStatusError } from "./errors.js";
import type { HttpCall, HttpReply, HttpSender } from "./http-sender.js";

/** The statuses that redirect a request to the URL in `Location`. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Default of `maxRedirects`: how many same-origin redirects one request may follow. */
export const DEFAULT_MAX_REDIRECTS = 5;

/** Whether a reply is a redirect (cheap: checked on every reply). */
export function isRedirect(reply: HttpReply): boolean {
  return reply.status >= 300 && reply.status < 400 && REDIRECTS.has(reply.status);
}

/**
 * A redirect the client transport would not follow: to another origin (the request would carry
 * the session id, the `headers()` hook's credentials and the message there), one that would turn
 * a POST or DELETE into a GET (301/302/303), one without a usable `Location`, one past
 * `maxRedirects`, or one the runtime hides (a browser's opaque redirect, `status` 0). The
 * transport never follows a redirect to another origin: if you trust the place it names, give
 * that URL to the transport. An {@link HttpStatusError} (`status` is the redirect's, `location`
 * the URL it named, when it named one).
 *
 * @example
 * ```ts
 * try { await client.connect(transport); } catch (error) {
 *   if (error instanceof RedirectRefusedError) console.error(`moved to ${error.location}?`);
 * }
 * ```
 */
export class RedirectRefusedError extends HttpStatusError {
  override readonly name: string = "RedirectRefusedError";
  /** The URL the redirect named, resolved against the request's; undefined when it named none. */
  readonly location: string | undefined;

  constructor(
    reply: Pick<HttpReply, "status" | "statusText" | "headers">,
    location: string | undefined,
    why: string,
  ) {
    super(reply.status, reply.statusText, "", reply.headers());
    this.location = location;
    this.message = why;
  }
}

/**
 * Follows `reply`, a redirect to `call`, as far as it may be followed: to the same origin as
 * `call.url` (the transport's configured URL), at most `maxRedirects` times, keeping the method,
 * body and headers (307/308; 301/302 for GET and DELETE; 303 for GET). Every later request
 * still goes to the configured URL: a redirect never moves the transport. Resolves with the
 * first answer that is not a redirect; rejects with {@link RedirectRefusedError} (the redirect's
 * body cancelled) for one it must not follow. Only called for redirects, so the usual reply costs
 * nothing more than {@link isRedirect}.
 */
export async function followRedirects(
  sender: HttpSender,
  call: HttpCall,
  reply: HttpReply,
  maxRedirects: number,
): Promise<HttpReply> {
  const origin = new URL(call.url).origin;
  let current = reply;
  let url = call.url;
  for (let hop = 1; isRedirect(current); hop++) {
    const target = locationOf(current, url);
    const refusal = refusalOf(call, current.status, target, origin, hop, maxRedirects);
    current.cancel();
    if (refusal !== undefined) throw new RedirectRefusedError(current, target?.href, refusal);
    url = (target as URL).href;
    current = await sender.send({ ...call, url });
  }
  return current;
}

function locationOf(reply: HttpReply, base: string): URL | undefined {
  const location = reply.header("location");
  if (location === null) return undefined;
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

/** Why a redirect must not be followed, or undefined when it may be. */
function refusalOf(
  call: HttpCall,
  status: number,
  target: URL | undefined,
  origin: string,
  hop: number,
  maxRedirects: number,
): string | undefined {
  const what = `the server redirected the ${call.method} to ${call.url} (HTTP ${status})`;
  if (target === undefined) return `${what} without a usable Location header`;
  if (target.origin !== origin) {
    return (
      `${what} to another origin, ${target.origin}; redirects to another origin are never followed, ` +
      `since the request would carry the session and credentials there. If you trust ${target.href}, ` +
      "use it as the server URL"
    );
  }
  if (hop > maxRedirects) return `${what}: more than ${maxRedirects} redirects (maxRedirects)`;
  // What fetch would do: 303 turns anything but GET into a GET, 301 and 302 turn a POST into one.
  const becomesGet =
    call.method !== "GET" && (status === 303 || (call.method === "POST" && status !== 307 && status !== 308));
  if (becomesGet) {
    return `${what} to ${target.href} with a redirect that turns it into a GET, dropping its message; use ${target.href} as the server URL`;
  }
  return undefined;
}

/**
 * The error for a fetch `Response` that is a redirect the runtime does not let us read: an
 * opaque redirect (what browsers give for `redirect: "manual"`), or one a custom `fetch` already
 * followed to another origin in spite of `redirect: "manual"`. Undefined for any other response.
 */
export function hiddenRedirect(call: HttpCall, response: Response): RedirectRefusedError | undefined {
  if (response.type === "opaqueredirect") {
    return new RedirectRefusedError(
      { status: 0, statusText: "", headers: () => response.headers },
      undefined,
      `the server redirected the ${call.method} to ${call.url}, and this runtime hides where to (an opaque ` +
        "redirect); the client follows no redirect it cannot check: use the final URL as the server URL",
    );
  }
  if (
    response.redirected &&
    response.url !== "" &&
    new URL(response.url).origin !== new URL(call.url).origin
  ) {
    return new RedirectRefusedError(
      { status: response.status, statusText: response.statusText, headers: () => response.headers },
      response.url,
      `the fetch given to the transport followed a redirect of the ${call.method} to ${call.url} to another ` +
        `origin (${new URL(response.url).origin}) although asked not to; the answer from there is not used`,
    );
  }
  return undefined;
}
