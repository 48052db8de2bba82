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
