import { AuthorizationDiscoveryError } from "./errors.js";

/** The `fetch` the OAuth client uses: the global one unless an option gives another. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** At most this many same-origin redirects are followed while fetching a metadata document. */
const MAX_REDIRECTS = 3;

/**
 * Plain HTTP is allowed only towards loopback hosts (a local test or development server); every
 * other URL must be HTTPS unless the application opts in with `allowInsecureRequests`.
 */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname;
  return (
    host === "localhost" ||
    host === "[::1]" ||
    host === "::1" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** Refuses a URL the client may not talk to: not http(s), or plain http to a non-loopback host. */
export function assertAllowedUrl(url: URL, allowInsecure: boolean, what: string): void {
  if (url.protocol === "https:") return;
  if (url.protocol === "http:" && (allowInsecure || isLoopbackUrl(url))) return;
  throw new AuthorizationDiscoveryError(
    `${what} ${url.href} is not an HTTPS URL (plain HTTP is allowed only to loopback hosts unless allowInsecureRequests is set)`,
    [url.href],
  );
}

/**
 * GETs a metadata document without credentials, following at most {@link MAX_REDIRECTS}
 * redirects and only within the same origin: a redirect to another origin is refused, so nothing
 * we learn later can be steered by a third party.
 */
export async function fetchMetadata(
  fetchImpl: FetchLike,
  url: URL,
  allowInsecure: boolean,
  signal: AbortSignal | undefined,
): Promise<Response> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    assertAllowedUrl(current, allowInsecure, "metadata URL");
    let response: Response;
    try {
      response = await fetchImpl(current.href, {
        method: "GET",
        headers: { accept: "application/json" },
        redirect: "manual",
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw new AuthorizationDiscoveryError(
        `cannot fetch ${current.href}: ${error instanceof Error ? error.message : String(error)}`,
        [current.href],
        { cause: error },
      );
    }
    if (response.status < 300 || response.status >= 400) return response;
    const location = response.headers.get("location");
    await response.body?.cancel();
    if (!location) return response;
    const next = new URL(location, current);
    if (next.origin !== url.origin) {
      throw new AuthorizationDiscoveryError(
        `${current.href} redirected to another origin (${next.origin}): refused`,
        [current.href, next.href],
      );
    }
    current = next;
  }
  throw new AuthorizationDiscoveryError(`${url.href} redirected more than ${MAX_REDIRECTS} times`, [
    url.href,
  ]);
}

/** Reads a JSON object body, or explains what was there instead. */
export async function readJsonObject(response: Response, url: string): Promise<Record<string, unknown>> {
  const type = response.headers.get("content-type") ?? "";
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AuthorizationDiscoveryError(
      `${url} did not answer JSON (content-type ${type || "none"}): ${JSON.stringify(text.slice(0, 80))}`,
      [url],
    );
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new AuthorizationDiscoveryError(`${url} answered JSON that is not an object`, [url]);
  }
  return parsed as Record<string, unknown>;
}

/** Default of `requestTimeoutMs`: how long one request to a server of the flow may take. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * `fetchImpl` with every request bounded to `timeoutMs`: a metadata, registration or token
 * endpoint that never answers fails its step with an error naming the URL and the limit, instead
 * of holding the MCP request forever.
 */
export function timedFetch(fetchImpl: FetchLike, timeoutMs: number): FetchLike {
  return async (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const given = init?.signal;
    const signal =
      given && typeof AbortSignal.any === "function" ? AbortSignal.any([given, timeout]) : timeout;
    try {
      return await fetchImpl(input, { ...init, signal });
    } catch (error) {
      if (timeout.aborted && !given?.aborted) {
        throw new Error(`${input} did not answer within ${timeoutMs} ms (requestTimeoutMs)`, {
          cause: error,
        });
      }
      throw error;
    }
  };
}
