import { AuthenticationError } from "@mcpkit/core";
import { EmbeddedJWK, type JWK, base64url, calculateJwkThumbprint, errors, jwtVerify } from "jose";
import type { DpopNonces } from "./dpop-nonce.js";
import type { DpopReplayCache } from "./dpop-replay.js";

/** Algorithms accepted for DPoP proofs by default (asymmetric only, as RFC 9449 requires). */
export const DPOP_ALGORITHMS = [
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
  "PS256",
  "PS384",
  "PS512",
  "RS256",
  "RS384",
  "RS512",
];

/** How DPoP proofs are checked (see `bearerAuth`'s `dpop` option). */
export interface DpopOptions {
  /** Accepted proof algorithms. Default {@link DPOP_ALGORITHMS}. */
  readonly algorithms?: readonly string[];
  /** How old a proof's `iat` may be, in seconds. Default 60. */
  readonly maxAgeSeconds?: number;
  /** Leeway for `iat` in the future or past, in seconds. Default 5. */
  readonly clockTolerance?: number;
  /** The `jti`s already seen; share one across instances of the endpoint. Default: one per `bearerAuth`. */
  readonly replay?: DpopReplayCache;
  /** Require server nonces (`DPoP-Nonce`, `use_dpop_nonce`). Default: none. */
  readonly nonces?: DpopNonces;
}

/** What the proof must match. */
export interface DpopCheck {
  readonly proof: string;
  readonly method: string;
  readonly url: string;
  readonly accessToken: string;
  /** The token's `cnf.jkt`: the thumbprint of the key the proof must be signed with. */
  readonly jkt: string;
}

/** A 401 for a bad proof, with the DPoP challenge (and a fresh nonce when nonces are on). */
function badProof(error: string, description: string, options: DpopOptions): AuthenticationError {
  const algs = (options.algorithms ?? DPOP_ALGORITHMS).join(" ");
  const headers: Record<string, string> = {
    "www-authenticate": `DPoP error="${error}", error_description="${description.replace(/"/g, "'")}", algs="${algs}"`,
  };
  if (options.nonces) headers["dpop-nonce"] = options.nonces.nonce();
  return new AuthenticationError(401, error, description, headers);
}

/** The `htu` form of a URL: no query, no fragment (RFC 9449 section 4.3). */
function withoutQuery(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

/** base64url(SHA-256(token)): the proof's `ath` for an access token. */
async function accessTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return base64url.encode(new Uint8Array(digest));
}

/**
 * Checks a DPoP proof for a request carrying a DPoP-bound access token (RFC 9449 section 4.3):
 * a `dpop+jwt` JWT signed by the public key in its own header, that key's thumbprint equal to
 * the token's `cnf.jkt`, `htm` and `htu` naming this request, `iat` recent, `ath` the hash of
 * the token, `jti` not seen before, and the server's nonce when nonces are on. Throws a 401
 * `invalid_dpop_proof` (or `use_dpop_nonce`) otherwise.
 */
export async function verifyDpopProof(
  check: DpopCheck,
  options: DpopOptions,
  replay: DpopReplayCache,
): Promise<void> {
  const maxAge = options.maxAgeSeconds ?? 60;
  const tolerance = options.clockTolerance ?? 5;
  let payload: Record<string, unknown>;
  let jwk: JWK | undefined;
  try {
    const verified = await jwtVerify(check.proof, EmbeddedJWK, {
      typ: "dpop+jwt",
      algorithms: [...(options.algorithms ?? DPOP_ALGORITHMS)],
      maxTokenAge: maxAge,
      clockTolerance: tolerance,
      requiredClaims: ["jti", "htm", "htu", "iat"],
    });
    payload = verified.payload;
    jwk = verified.protectedHeader.jwk;
  } catch (error) {
    const why = error instanceof errors.JOSEError ? error.message : "the proof could not be read";
    throw badProof("invalid_dpop_proof", `the DPoP proof is not valid: ${why}`, options);
  }
  if (!jwk || (await calculateJwkThumbprint(jwk, "sha256")) !== check.jkt) {
    throw badProof(
      "invalid_dpop_proof",
      "the DPoP proof is not signed with the key the token is bound to",
      options,
    );
  }
  if (payload.htm !== check.method) {
    throw badProof("invalid_dpop_proof", `the DPoP proof's htm is not ${check.method}`, options);
  }
  const expected = withoutQuery(check.url);
  if (typeof payload.htu !== "string" || expected === undefined || withoutQuery(payload.htu) !== expected) {
    throw badProof("invalid_dpop_proof", `the DPoP proof's htu is not ${expected}`, options);
  }
  if (payload.ath !== (await accessTokenHash(check.accessToken))) {
    throw badProof("invalid_dpop_proof", "the DPoP proof's ath is not the hash of the access token", options);
  }
  if (options.nonces && !options.nonces.accepts(payload.nonce)) {
    throw badProof("use_dpop_nonce", "the DPoP proof must carry the server's current nonce", options);
  }
  const until = ((payload.iat as number) + maxAge + tolerance) * 1000;
  if (typeof payload.jti !== "string" || !replay.remember(payload.jti, until)) {
    throw badProof("invalid_dpop_proof", "the DPoP proof was used before (its jti is not new)", options);
  }
}
