import type { Reply } from "./reply.js";

/**
 * CORS for browser clients of the endpoint. CORS only lets a browser page read responses; the
 * `allowedOrigins` check still runs first and refuses other origins with 403, preflight included.
 * So to serve a web app at `https://app.example.com`, allow it there and turn CORS on.
 *
 * @example
 * ```ts
 * createStreamableHttpHandler({
 *   onSession: (t) => server.connect(t),
 *   allowedOrigins: ["https://app.example.com"],
 *   cors: { maxAgeSeconds: 3600, allowCredentials: true },
 * });
 * ```
 */
export interface CorsOptions {
  /**
   * Origins whose pages may read responses: exact origins, or `"*"` for any. Default: every origin
   * that passes `allowedOrigins`, echoed back.
   */
  readonly origins?: readonly string[] | "*";
  /** How long a browser may cache a preflight answer, in seconds. Default 600. */
  readonly maxAgeSeconds?: number;
  /** Send `Access-Control-Allow-Credentials: true` (cookies, HTTP auth). Default false. */
  readonly allowCredentials?: boolean;
  /** Request headers to allow beyond the MCP ones (e.g. `X-Api-Key`). */
  readonly allowHeaders?: readonly string[];
  /** Response headers to expose beyond `Mcp-Session-Id`, `MCP-Protocol-Version`, `WWW-Authenticate` and `DPoP-Nonce`. */
  readonly exposeHeaders?: readonly string[];
}

/**
 * Request headers an MCP client sends, allowed on every preflight.
 *
 * @example
 * ```ts
 * CORS_ALLOW_HEADERS.includes("Last-Event-ID"); // true
 * ```
 */
export const CORS_ALLOW_HEADERS = [
  "Content-Type",
  "Accept",
  "Authorization",
  "DPoP",
  "MCP-Protocol-Version",
  "Mcp-Session-Id",
  "Mcp-Method",
  "Mcp-Name",
  "Last-Event-ID",
] as const;

/**
 * Response headers a browser client must read, exposed on every response when CORS is on.
 *
 * @example
 * ```ts
 * CORS_EXPOSE_HEADERS[0]; // "Mcp-Session-Id"
 * ```
 */
export const CORS_EXPOSE_HEADERS = [
  "Mcp-Session-Id",
  "MCP-Protocol-Version",
  "WWW-Authenticate",
  "DPoP-Nonce",
  "Retry-After",
] as const;

const ALLOW_METHODS = "GET, POST, DELETE, OPTIONS";

/** The CORS options with defaults filled in; undefined when CORS is off. */
export function resolveCors(cors: boolean | CorsOptions | undefined): CorsOptions | undefined {
  if (cors === false || cors === undefined) return undefined;
  return cors === true ? {} : cors;
}

/**
 * The answer to an OPTIONS request (a preflight when it carries `Access-Control-Request-Method`,
 * else a plain one): 204 with what is allowed. The origin headers come from {@link withCors},
 * which the handler applies to every reply.
 */
export function preflightReply(preflight: boolean, cors: CorsOptions): Reply {
  const headers: Record<string, string> = { allow: ALLOW_METHODS };
  if (preflight) {
    headers["access-control-allow-methods"] = ALLOW_METHODS;
    headers["access-control-allow-headers"] = [...CORS_ALLOW_HEADERS, ...(cors.allowHeaders ?? [])].join(
      ", ",
    );
    headers["access-control-max-age"] = String(cors.maxAgeSeconds ?? 600);
  }
  return { status: 204, headers };
}

/** `reply` with the CORS headers for a request whose `Origin` is `origin` added. */
export function withCors(reply: Reply, origin: string | null, cors: CorsOptions): Reply {
  const headers: Record<string, string> = { ...reply.headers };
  headers.vary = headers.vary === undefined ? "Origin" : `${headers.vary}, Origin`;
  headers["access-control-expose-headers"] = [...CORS_EXPOSE_HEADERS, ...(cors.exposeHeaders ?? [])].join(
    ", ",
  );
  const allowed = allowedOrigin(origin, cors);
  if (allowed !== undefined) {
    headers["access-control-allow-origin"] = allowed;
    if (cors.allowCredentials) headers["access-control-allow-credentials"] = "true";
  }
  return { ...reply, headers };
}

/** The `Access-Control-Allow-Origin` value for `origin`, if it may read. */
function allowedOrigin(origin: string | null, cors: CorsOptions): string | undefined {
  if (origin === null) return undefined;
  const { origins } = cors;
  // A credentialed response must name the origin; "*" is refused by browsers there.
  if (origins === "*") return cors.allowCredentials ? origin : "*";
  if (origins === undefined || origins.some((entry) => entry.toLowerCase() === origin.toLowerCase())) {
    return origin;
  }
  return undefined;
}
