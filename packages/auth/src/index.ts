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
