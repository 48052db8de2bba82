import {
  type ProtectedResourceMetadata,
  bearerAuth,
  discoverIssuer,
  jwtVerifier,
  protectedResourceMetadata,
} from "@mcpkit/auth";
import type { Authenticate } from "@mcpkit/core";
import type { ServerConfig } from "./config.js";

/**
 * The everything-server as an OAuth resource server (`--auth-issuer`): tokens are JWTs from the
 * trusted issuer, for this endpoint's own URL, with the required scopes. The endpoint's URL is
 * known only once it listens, so the hook refuses (500) until `bind` names it.
 */
export class Protection {
  private inner: Authenticate | undefined;
  private metadata: ProtectedResourceMetadata | undefined;

  private constructor(
    private readonly issuer: string,
    private readonly jwksUri: string,
    private readonly scopes: readonly string[],
  ) {}

  /** Discovers the issuer's metadata (RFC 8414, then OpenID Connect) for its `jwks_uri`. */
  static async discover(config: ServerConfig): Promise<Protection | undefined> {
    if (config.authIssuer === undefined) return undefined;
    const server = await discoverIssuer(config.authIssuer);
    if (typeof server.jwks_uri !== "string") {
      throw new Error(`the authorization server ${config.authIssuer} publishes no jwks_uri`);
    }
    return new Protection(server.issuer, server.jwks_uri, config.authScopes ?? []);
  }

  /** The endpoint listens at `resource`: the audience tokens must name, and the metadata's `resource`. */
  bind(resource: string): void {
    const scopes = this.scopes.length > 0 ? this.scopes : undefined;
    this.metadata = protectedResourceMetadata({
      resource,
      authorizationServers: [this.issuer],
      ...(scopes ? { scopesSupported: scopes } : {}),
      resourceName: "mcpkit everything-server",
    });
    this.inner = bearerAuth({
      verifier: jwtVerifier({ issuer: this.issuer, jwksUri: this.jwksUri, audience: resource }),
      resourceMetadataUrl: this.metadata.url,
      requiredScopes: this.scopes,
    });
  }

  /** The transports' `authenticate` hook. */
  readonly authenticate: Authenticate = (request) => {
    if (!this.inner) throw new Error("the endpoint is not listening yet");
    return this.inner(request);
  };

  /** Serves the protected-resource metadata document (undefined for other requests). */
  readonly serveMetadata = (request: Request): Response | undefined => this.metadata?.handler(request);
}
