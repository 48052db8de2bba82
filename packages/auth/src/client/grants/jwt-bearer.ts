import type { ClientCredentials } from "./client-authentication.js";
import { GrantAuthProvider, type GrantProviderOptions, type TokenGrant } from "./grant-provider.js";
import { requestToken } from "./token-request.js";

/** The RFC 7523 JWT bearer authorization grant type. */
export const JWT_BEARER_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/** A JWT the caller supplies: fixed, or fetched each time a token is needed (so it can rotate). */
export type AssertionSource = string | (() => string | Promise<string>);

/** Options of {@link JwtBearerProvider}. */
export interface JwtBearerProviderOptions extends GrantProviderOptions {
  /**
   * The assertion: a workload identity token (from the platform: a Kubernetes projected service
   * account token, a cloud instance identity token, a CI OIDC token), read again for every grant.
   */
  readonly assertion: AssertionSource;
  /** Client authentication at the token endpoint, if the server wants one; none by default. */
  readonly client?: ClientCredentials;
}

/** Reads an {@link AssertionSource}. */
export async function readAssertion(source: AssertionSource, what: string): Promise<string> {
  const value = typeof source === "function" ? await source() : source;
  if (typeof value !== "string" || value === "") throw new TypeError(`${what} is empty`);
  return value;
}

/**
 * The RFC 7523 JWT bearer grant with a given assertion: `assertion`, `scope`, `resource`.
 * A refusal (`invalid_grant`, `invalid_scope`, `unauthorized_client`) is thrown as it is: the
 * grant is not retried and no other grant is tried.
 */
export function jwtBearerGrant(assertion: AssertionSource, client?: ClientCredentials): TokenGrant {
  return async (context) =>
    requestToken({
      authorizationServer: context.discovery.authorizationServer,
      grantType: JWT_BEARER_GRANT_TYPE,
      parameters: {
        assertion: await readAssertion(assertion, "the jwt-bearer assertion"),
        scope: context.scope,
        resource: context.discovery.resource,
      },
      client,
      dpop: context.dpop,
      fetch: context.fetch,
      allowInsecureRequests: context.allowInsecureRequests,
      now: context.now,
    });
}

/**
 * Workload identity federation: the client presents a JWT its platform issued to it (RFC 7523
 * jwt-bearer grant) and gets an MCP access token, with no stored secret.
 *
 * @example
 * ```ts
 * import { readFile } from "node:fs/promises";
 *
 * const authProvider = new JwtBearerProvider({
 *   serverUrl: "https://mcp.example.com/mcp",
 *   assertion: () => readFile("/var/run/secrets/tokens/mcp", "utf8"),
 * });
 * ```
 */
export class JwtBearerProvider extends GrantAuthProvider {
  constructor(options: JwtBearerProviderOptions) {
    super(jwtBearerGrant(options.assertion, options.client), options);
  }
}
