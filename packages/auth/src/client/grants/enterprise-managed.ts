import type { FetchLike } from "../fetch-policy.js";
import type { ClientCredentials } from "./client-authentication.js";
import { TokenRequestError } from "./errors.js";
import { GrantAuthProvider, type GrantProviderOptions, type TokenGrant } from "./grant-provider.js";
import { type AssertionSource, JWT_BEARER_GRANT_TYPE, readAssertion } from "./jwt-bearer.js";
import { requestToken } from "./token-request.js";

/** RFC 8693 token exchange grant type. */
export const TOKEN_EXCHANGE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:token-exchange";
/** The Identity Assertion JWT Authorization Grant token type (SEP-990). */
export const ID_JAG_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id-jag";
/** An OpenID Connect ID token as an RFC 8693 subject token. */
export const ID_TOKEN_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id_token";

/** The enterprise identity provider that issues ID-JAGs. */
export interface EnterpriseIdentityProvider {
  /** Its token endpoint (where the token exchange is sent). */
  readonly tokenEndpoint: string;
  /** Its issuer (the audience of a `private_key_jwt` assertion); default the token endpoint's origin. */
  readonly issuer?: string;
  /** How the MCP client authenticates at the IdP; default none. */
  readonly client?: ClientCredentials;
}

/** What {@link requestIdJag} sends. */
export interface IdJagRequest {
  readonly idp: EnterpriseIdentityProvider;
  /** The identity assertion from the user's SSO login (an ID token, or a SAML assertion). */
  readonly subjectToken: string;
  /** Default {@link ID_TOKEN_TOKEN_TYPE}. */
  readonly subjectTokenType?: string;
  /** The MCP authorization server's issuer: the ID-JAG's audience. */
  readonly audience: string;
  /** The MCP server's resource identifier (its protected-resource `resource`). */
  readonly resource: string;
  readonly scope?: string | undefined;
  readonly fetch?: FetchLike | undefined;
  readonly allowInsecureRequests?: boolean | undefined;
}

/**
 * Step one of enterprise-managed authorization (SEP-990): an RFC 8693 token exchange at the
 * enterprise IdP, the user's identity assertion for an Identity Assertion JWT Authorization
 * Grant (ID-JAG) for one MCP authorization server and resource. Returns the ID-JAG.
 *
 * @example
 * ```ts
 * declare const idToken: string;
 * const idJag = await requestIdJag({
 *   idp: { tokenEndpoint: "https://acme.okta.com/oauth2/v1/token", client: { clientId: "mcp-desktop" } },
 *   subjectToken: idToken,
 *   audience: "https://auth.example.com",
 *   resource: "https://mcp.example.com/mcp",
 * });
 * ```
 */
export async function requestIdJag(request: IdJagRequest): Promise<string> {
  const { idp } = request;
  if (!URL.canParse(idp.tokenEndpoint)) {
    throw new TokenRequestError(
      `identity provider token endpoint ${JSON.stringify(idp.tokenEndpoint)} is not a URL`,
      {
        endpoint: idp.tokenEndpoint,
      },
    );
  }
  const result = await requestToken({
    authorizationServer: {
      issuer: idp.issuer ?? new URL(idp.tokenEndpoint).origin,
      token_endpoint: idp.tokenEndpoint,
    },
    grantType: TOKEN_EXCHANGE_GRANT_TYPE,
    parameters: {
      requested_token_type: ID_JAG_TOKEN_TYPE,
      subject_token: request.subjectToken,
      subject_token_type: request.subjectTokenType ?? ID_TOKEN_TOKEN_TYPE,
      audience: request.audience,
      resource: request.resource,
      scope: request.scope,
    },
    client: idp.client,
    fetch: request.fetch,
    allowInsecureRequests: request.allowInsecureRequests,
    // RFC 8693 §2.2.1: an issued token that is not an access token has token_type N_A.
    acceptTokenTypes: ["n_a"],
  });
  if (result.issuedTokenType !== ID_JAG_TOKEN_TYPE) {
    throw new TokenRequestError(
      `identity provider ${idp.tokenEndpoint} issued ${result.issuedTokenType ?? "a token without issued_token_type"}, not an ID-JAG`,
      { endpoint: idp.tokenEndpoint },
    );
  }
  return result.accessToken;
}

/** Options of {@link EnterpriseManagedAuthProvider}. */
export interface EnterpriseManagedAuthProviderOptions extends GrantProviderOptions {
  readonly idp: EnterpriseIdentityProvider;
  /** The user's identity assertion from SSO (an OpenID ID token by default), read for every grant. */
  readonly identityAssertion: AssertionSource;
  /** The type of `identityAssertion`; default {@link ID_TOKEN_TOKEN_TYPE}. */
  readonly identityAssertionType?: string;
  /** The MCP client's credentials at the MCP authorization server. */
  readonly client: ClientCredentials;
}

/**
 * The two-step enterprise-managed grant: an ID-JAG from the IdP ({@link requestIdJag}), then the
 * RFC 7523 jwt-bearer grant with it at the MCP authorization server (with `scope` and `resource`).
 */
export function enterpriseManagedGrant(options: EnterpriseManagedAuthProviderOptions): TokenGrant {
  return async (context) => {
    const as = context.discovery.authorizationServer;
    const idJag = await requestIdJag({
      idp: options.idp,
      subjectToken: await readAssertion(options.identityAssertion, "the identity assertion"),
      ...(options.identityAssertionType !== undefined
        ? { subjectTokenType: options.identityAssertionType }
        : {}),
      audience: as.issuer,
      resource: context.discovery.resource,
      scope: context.scope,
      fetch: context.fetch,
      allowInsecureRequests: context.allowInsecureRequests,
    });
    return requestToken({
      authorizationServer: as,
      grantType: JWT_BEARER_GRANT_TYPE,
      parameters: { assertion: idJag, scope: context.scope, resource: context.discovery.resource },
      client: options.client,
      dpop: context.dpop,
      fetch: context.fetch,
      allowInsecureRequests: context.allowInsecureRequests,
      now: context.now,
    });
  };
}

/**
 * Enterprise-managed authorization (`io.modelcontextprotocol/enterprise-managed-authorization`,
 * SEP-990, "cross-app access"): the organization's IdP decides which MCP servers a signed-in
 * employee may use. No browser hop to the MCP authorization server: the user's SSO identity
 * assertion is exchanged at the IdP for an ID-JAG, and the ID-JAG for an access token.
 *
 * @example
 * ```ts
 * declare const session: { idToken: string };
 * declare const storedSecret: string;
 * const authProvider = new EnterpriseManagedAuthProvider({
 *   serverUrl: "https://mcp.example.com/mcp",
 *   idp: { tokenEndpoint: "https://acme.okta.com/oauth2/v1/token", client: { clientId: "mcp-desktop" } },
 *   identityAssertion: () => session.idToken,
 *   client: { clientId: "mcp-desktop-at-example", clientSecret: storedSecret },
 * });
 * ```
 */
export class EnterpriseManagedAuthProvider extends GrantAuthProvider {
  constructor(options: EnterpriseManagedAuthProviderOptions) {
    super(enterpriseManagedGrant(options), options);
  }
}
