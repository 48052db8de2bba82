// --- client (helper authclient) ---
export {
  type AuthorizationDiscovery,
  authorizationServerMetadataUrls,
  type DiscoverAuthorizationOptions,
  discoverAuthorization,
  type ProtectedResourceMetadata,
  protectedResourceMetadataUrls,
  resourceMatchesServer,
} from "./client/discovery.js";
export {
  AuthorizationDiscoveryError,
  AuthorizationServerError,
  InsufficientScopeError,
  UnauthorizedError,
} from "./client/errors.js";
export {
  type BearerChallenge,
  bearerChallengeParams,
  parseWwwAuthenticate,
} from "./client/www-authenticate.js";
export type { AuthorizationRedirect } from "./client/authorization-code.js";
export { OAuthClientProvider, type OAuthClientProviderOptions } from "./client/provider.js";
export type { ClientIdentity } from "./client/registration.js";
export { selectScope } from "./client/scopes.js";
export {
  MemoryTokenStore,
  type StoredClient,
  type StoredTokens,
  type TokenStore,
} from "./client/token-store.js";
export type { FetchLike } from "./client/fetch-policy.js";
// --- end client ---
// --- client grants and DPoP (helper authgrants) ---
export { isUseDpopNonceChallenge } from "./client/dpop/challenge.js";
export { accessTokenHeaders, sendWithDpop } from "./client/dpop/requests.js";
export {
  createDpopSigner,
  type DpopAlgorithm,
  type DpopSigner,
  type DpopSignerOptions,
  type HeadersLike,
} from "./client/dpop/signer.js";
export {
  authMethodFor,
  type ClientCredentials,
  type ClientSecretCredentials,
  type PrivateKeyJwtAlgorithm,
  type PrivateKeyJwtCredentials,
  type PublicClientCredentials,
  type TokenEndpointAuthMethod,
} from "./client/grants/client-authentication.js";
export {
  ClientCredentialsProvider,
  type ClientCredentialsProviderOptions,
  clientCredentialsGrant,
} from "./client/grants/client-credentials.js";
export {
  EnterpriseManagedAuthProvider,
  type EnterpriseManagedAuthProviderOptions,
  type EnterpriseIdentityProvider,
  enterpriseManagedGrant,
  ID_JAG_TOKEN_TYPE,
  ID_TOKEN_TOKEN_TYPE,
  type IdJagRequest,
  requestIdJag,
  TOKEN_EXCHANGE_GRANT_TYPE,
} from "./client/grants/enterprise-managed.js";
export { TokenRequestError } from "./client/grants/errors.js";
export {
  type GrantContext,
  GrantAuthProvider,
  type GrantProviderOptions,
  type TokenGrant,
} from "./client/grants/grant-provider.js";
export {
  type AssertionSource,
  JWT_BEARER_GRANT_TYPE,
  JwtBearerProvider,
  type JwtBearerProviderOptions,
  jwtBearerGrant,
} from "./client/grants/jwt-bearer.js";
export { requestToken, type TokenRequest, type TokenSet } from "./client/grants/token-request.js";
// --- end client grants and DPoP ---
// authserver: the resource-server side (bearerAuth, verifiers, DPoP proofs, protected-resource metadata).
export { type BearerAuthOptions, bearerAuth } from "./server/bearer-auth.js";
export { type TokenVerifier, authInfoFromClaims, invalidToken, scopesOf } from "./server/verifier.js";
export { type JwtVerifierOptions, jwtVerifier } from "./server/jwt-verifier.js";
export { type IntrospectionVerifierOptions, introspectionVerifier } from "./server/introspection-verifier.js";
export { DPOP_ALGORITHMS, type DpopCheck, type DpopOptions, verifyDpopProof } from "./server/dpop.js";
export { DpopReplayCache } from "./server/dpop-replay.js";
export { DpopNonces } from "./server/dpop-nonce.js";
export {
  type ProtectedResourceMetadataOptions,
  type ServedResourceMetadata,
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
} from "./server/resource-metadata.js";
export { type DiscoverIssuerOptions, discoverIssuer } from "./server/discover-issuer.js";
