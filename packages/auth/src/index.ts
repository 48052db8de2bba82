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
// --- end client ---
