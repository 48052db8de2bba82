import * as oauth from "oauth4webapi";
import { httpAllowed } from "./insecure.js";
import { type TokenVerifier, audienceIncludes, authInfoFromClaims, invalidToken } from "./verifier.js";
import type { AuthInfo } from "@mcpkit/core";

/** Options of {@link introspectionVerifier}. */
export interface IntrospectionVerifierOptions {
  /** The authorization server's introspection endpoint (RFC 7662). */
  readonly endpoint: string;
  /** This resource server's client credentials at the authorization server. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** How the credentials are sent. Default `client_secret_basic`. */
  readonly clientAuthentication?: "client_secret_basic" | "client_secret_post";
  /** The authorization server's issuer, for the request's metadata and an `iss` check when the answer has one. */
  readonly issuer?: string;
  /** The `aud` an active token must name (this resource). Default: not checked (the authorization server's job). */
  readonly audience?: string;
  /** How long an active answer is reused, in ms (never past the token's `exp`). Default 30 000; 0 turns the cache off. */
  readonly cacheTtlMs?: number;
  /** Most answers kept; the oldest goes first. Default 1000. */
  readonly maxCacheEntries?: number;
  /** How long an introspection request may take, in ms (then a 500, not a hang). Default 5000. */
  readonly timeoutMs?: number;
  /** Allow a plain `http:` endpoint. Default: only on loopback. */
  readonly allowHttp?: boolean;
}

interface Cached {
  readonly info: AuthInfo;
  readonly until: number;
}

/**
 * A {@link TokenVerifier} asking the authorization server about each token (RFC 7662 token
 * introspection, through `oauth4webapi`): refused unless `active`, unexpired and (when
 * `audience` is set) for this resource. Active answers are reused for a short, bounded time.
 *
 * @example
 * ```ts
 * const verifier = introspectionVerifier({
 *   endpoint: "https://auth.example.com/token/introspection",
 *   clientId: "mcp-server",
 *   clientSecret: "…",
 *   audience: "https://mcp.example.com/mcp",
 * });
 * ```
 */
export function introspectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  const endpoint = new URL(options.endpoint);
  const server: oauth.AuthorizationServer = {
    issuer: options.issuer ?? endpoint.origin,
    introspection_endpoint: options.endpoint,
  };
  const client: oauth.Client = { client_id: options.clientId };
  const auth =
    options.clientAuthentication === "client_secret_post"
      ? oauth.ClientSecretPost(options.clientSecret)
      : oauth.ClientSecretBasic(options.clientSecret);
  const insecure = httpAllowed(endpoint, options.allowHttp);
  const ttl = options.cacheTtlMs ?? 30_000;
  const maxEntries = options.maxCacheEntries ?? 1000;
  const timeoutMs = options.timeoutMs ?? 5000;
  const cache = new Map<string, Cached>();

  const ask = async (token: string): Promise<oauth.IntrospectionResponse> => {
    try {
      const response = await oauth.introspectionRequest(server, client, auth, token, {
        signal: AbortSignal.timeout(timeoutMs),
        ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
      });
      return await oauth.processIntrospectionResponse(server, client, response);
    } catch (error) {
      if (error instanceof DOMException && error.name === "TimeoutError") {
        throw new Error(
          `the introspection endpoint ${options.endpoint} did not answer within ${timeoutMs} ms`,
        );
      }
      throw error;
    }
  };

  return {
    async verify(token) {
      const now = Date.now();
      const hit = cache.get(token);
      if (hit && hit.until > now) return hit.info;
      if (hit) cache.delete(token);
      const answer = await ask(token);
      if (answer.active !== true) throw invalidToken("the token is not active");
      if (typeof answer.exp === "number" && answer.exp * 1000 <= now)
        throw invalidToken("the token has expired");
      if (options.audience !== undefined && !audienceIncludes(answer.aud, options.audience)) {
        throw invalidToken(`the token is not for this resource (${options.audience})`);
      }
      if (options.issuer !== undefined && answer.iss !== undefined && answer.iss !== options.issuer) {
        throw invalidToken(`the token was issued by ${String(answer.iss)}, not ${options.issuer}`);
      }
      const info = authInfoFromClaims(token, answer as Record<string, unknown>);
      if (ttl > 0 && maxEntries > 0) {
        const until = Math.min(
          now + ttl,
          typeof answer.exp === "number" ? answer.exp * 1000 : Number.POSITIVE_INFINITY,
        );
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
        cache.set(token, { info, until });
      }
      return info;
    },
  };
}
