import * as oauth from "oauth4webapi";
import { httpAllowed } from "./insecure.js";

/** Options of {@link discoverIssuer}. */
export interface DiscoverIssuerOptions {
  /** How long each metadata request may take, in ms. Default 5000. */
  readonly timeoutMs?: number;
  /** Allow a plain `http:` issuer. Default: only on loopback. */
  readonly allowHttp?: boolean;
}

/**
 * An authorization server's metadata, for a resource server that trusts it: RFC 8414
 * (`/.well-known/oauth-authorization-server`), then OpenID Connect discovery, each checked by
 * `oauth4webapi` (the `issuer` must be `issuerUrl`). Its `jwks_uri` feeds `jwtVerifier`, its
 * `introspection_endpoint` `introspectionVerifier`.
 *
 * @example
 * ```ts
 * const as = await discoverIssuer("https://auth.example.com");
 * const verifier = jwtVerifier({ issuer: as.issuer, jwksUri: String(as.jwks_uri), audience: "https://mcp.example.com/mcp" });
 * ```
 */
export async function discoverIssuer(
  issuerUrl: string,
  options: DiscoverIssuerOptions = {},
): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(issuerUrl);
  const insecure = httpAllowed(issuer, options.allowHttp);
  const timeoutMs = options.timeoutMs ?? 5000;
  const failures: string[] = [];
  for (const algorithm of ["oauth2", "oidc"] as const) {
    try {
      const response = await oauth.discoveryRequest(issuer, {
        algorithm,
        signal: AbortSignal.timeout(timeoutMs),
        ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
      });
      return await oauth.processDiscoveryResponse(issuer, response);
    } catch (error) {
      failures.push(`${algorithm}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new Error(`no authorization server metadata found for ${issuerUrl} (${failures.join("; ")})`);
}
