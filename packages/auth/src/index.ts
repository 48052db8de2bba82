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
