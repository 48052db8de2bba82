// authserver: the resource-server side (bearerAuth, verifiers, DPoP proofs, protected-resource metadata).
export { type BearerAuthOptions, bearerAuth } from "./server/bearer-auth.js";
export { type TokenVerifier, authInfoFromClaims, invalidToken, scopesOf } from "./server/verifier.js";
export { type JwtVerifierOptions, jwtVerifier } from "./server/jwt-verifier.js";
export { type IntrospectionVerifierOptions, introspectionVerifier } from "./server/introspection-verifier.js";
export { DPOP_ALGORITHMS, type DpopCheck, type DpopOptions, verifyDpopProof } from "./server/dpop.js";
export { DpopReplayCache } from "./server/dpop-replay.js";
export { DpopNonces } from "./server/dpop-nonce.js";
export {
  type ProtectedResourceMetadata,
  type ProtectedResourceMetadataOptions,
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
} from "./server/resource-metadata.js";
export { type DiscoverIssuerOptions, discoverIssuer } from "./server/discover-issuer.js";
