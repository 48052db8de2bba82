import {
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
} from "jose";
import { type TokenVerifier, authInfoFromClaims, invalidToken } from "./verifier.js";

/** Options of {@link jwtVerifier}. */
export interface JwtVerifierOptions {
  /** The authorization server's issuer identifier: the `iss` every token must carry. */
  readonly issuer: string;
  /** Where the authorization server publishes its signing keys (its metadata's `jwks_uri`). */
  readonly jwksUri?: string;
  /** The signing keys themselves, instead of `jwksUri`. */
  readonly jwks?: JSONWebKeySet;
  /**
   * This resource: the `aud` every token must name (the MCP server's own URL, as its clients
   * address it and as its protected-resource metadata's `resource` says). Tokens for any other
   * audience are refused: passing them on would make this server a confused deputy.
   */
  readonly audience: string | readonly string[];
  /** Accepted signing algorithms. Default: the asymmetric ones (`RS256`, `PS256`, `ES256`, `EdDSA`, ...). */
  readonly algorithms?: readonly string[];
  /** Leeway for `exp`, `nbf` and `iat`, in seconds. Default 30. */
  readonly clockTolerance?: number;
  /** The `typ` header tokens must have, e.g. `at+jwt` (RFC 9068). Default: not checked. */
  readonly typ?: string;
  /** How long a JWKS request may take before it fails (a 500, not a hang), in ms. Default 5000. */
  readonly jwksTimeoutMs?: number;
}

const ASYMMETRIC = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];

/**
 * A {@link TokenVerifier} for JWT access tokens (RFC 9068): the signature against the
 * authorization server's keys (fetched from `jwksUri`, cached, refetched for an unknown `kid`),
 * `iss`, `aud` (this resource), `exp`/`nbf` and the algorithm. The identity is `sub`,
 * `client_id` (else `azp`), `scope` (else `scp`) and `exp`, with every claim in `claims`.
 * A JWKS that cannot be fetched in time is an error (answered 500), never a hang.
 *
 * @example
 * ```ts
 * const verifier = jwtVerifier({
 *   issuer: "https://auth.example.com",
 *   jwksUri: "https://auth.example.com/jwks",
 *   audience: "https://mcp.example.com/mcp",
 * });
 * ```
 */
export function jwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  const keys = keySource(options);
  const verifyOptions = {
    issuer: options.issuer,
    audience: typeof options.audience === "string" ? options.audience : [...options.audience],
    algorithms: [...(options.algorithms ?? ASYMMETRIC)],
    clockTolerance: options.clockTolerance ?? 30,
    ...(options.typ === undefined ? {} : { typ: options.typ }),
  };
  return {
    async verify(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, verifyOptions));
      } catch (error) {
        throw refusalOf(error, options);
      }
      return authInfoFromClaims(token, payload);
    },
  };
}

function keySource(options: JwtVerifierOptions): JWTVerifyGetKey {
  if (options.jwks) return createLocalJWKSet(options.jwks);
  if (!options.jwksUri) throw new TypeError("jwtVerifier needs jwksUri or jwks");
  return createRemoteJWKSet(new URL(options.jwksUri), { timeoutDuration: options.jwksTimeoutMs ?? 5000 });
}

/** What a failed verification means: a refused token (401), or the server's own failure (thrown on). */
function refusalOf(error: unknown, options: JwtVerifierOptions): Error {
  if (error instanceof errors.JWKSTimeout) {
    return new Error(
      `the JWKS at ${options.jwksUri} did not answer within ${options.jwksTimeoutMs ?? 5000} ms`,
    );
  }
  if (error instanceof errors.JWTExpired) return invalidToken("the token has expired");
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "aud") {
      const audience = typeof options.audience === "string" ? options.audience : options.audience.join(", ");
      return invalidToken(`the token is not for this resource (${audience})`);
    }
    if (error.claim === "iss") return invalidToken(`the token was not issued by ${options.issuer}`);
    return invalidToken(`the token's ${error.claim} claim is not valid: ${error.message}`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return invalidToken("the token's signature does not verify");
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return invalidToken("the token is not signed by a key of the authorization server");
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return invalidToken("the token's signing algorithm is not accepted");
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid) {
    return invalidToken("the token is not a valid JWT");
  }
  if (error instanceof errors.JOSEError && error.code !== "ERR_JWKS_INVALID") {
    return invalidToken(`the token is not valid: ${error.message}`);
  }
  // The JWKS could not be fetched or read: the server cannot decide, which is not the token's fault.
  return error instanceof Error ? error : new Error(String(error));
}
