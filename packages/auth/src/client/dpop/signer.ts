import { base64url, type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { calculateJwkThumbprint } from "jose";
import { DpopNonceStore } from "./nonce-store.js";

/** The asymmetric JWS algorithms a DPoP key may use (RFC 9449 §4.2: never `none` or a MAC). */
export type DpopAlgorithm = "ES256" | "ES384" | "ES512" | "PS256" | "RS256" | "EdDSA";

/** Response headers as a transport reports them (names lower-cased) or a fetch `Headers`. */
export type HeadersLike = Headers | Readonly<Record<string, string>>;

/** Options of {@link createDpopSigner}. */
export interface DpopSignerOptions {
  /** The proof algorithm; default `ES256`. With `keyPair`, the algorithm of that key. */
  readonly algorithm?: DpopAlgorithm;
  /**
   * The key pair that proves possession; default: one generated with WebCrypto on first use
   * (private key not extractable). Bring your own to keep the binding across restarts.
   */
  readonly keyPair?: { readonly privateKey: CryptoKey; readonly publicKey: CryptoKey };
  /** How many servers' (origins') `DPoP-Nonce` values are kept; default 100, least recently used dropped. */
  readonly maxNonceOrigins?: number;
  /** The clock for `iat`, in seconds since the epoch; default the system clock. */
  readonly now?: () => number;
}

/**
 * A DPoP (RFC 9449) proof maker: one key pair, a fresh proof JWT per HTTP request, and the
 * nonces servers ask for. The grants in `@mcpkit/auth` and the authorization-code provider use
 * it; it is also usable on its own with any HTTP client.
 */
export interface DpopSigner {
  readonly algorithm: DpopAlgorithm;
  /**
   * The `DPoP` header value for one request: `htm` = `method`, `htu` = `url` without query and
   * fragment, a random `jti`, `iat` = now, `ath` = the SHA-256 of `accessToken` when one is sent,
   * and the nonce last remembered for the URL's origin.
   */
  proofFor(method: string, url: string | URL, accessToken?: string): Promise<string>;
  /**
   * Keeps the `DPoP-Nonce` a response carried for the URL's origin. Returns whether it is new
   * (differs from the one kept), which is what makes a `use_dpop_nonce` retry worthwhile.
   */
  rememberNonce(url: string | URL, headers: HeadersLike): boolean;
  /** The nonce kept for the URL's origin, if any. */
  nonceFor(url: string | URL): string | undefined;
  /** The public key as a JWK (what each proof's header carries). */
  publicJwk(): Promise<JWK>;
  /** The SHA-256 JWK thumbprint of the public key (the token's `cnf.jkt`, the `dpop_jkt` parameter). */
  thumbprint(): Promise<string>;
}

const DEFAULT_MAX_NONCE_ORIGINS = 100;

interface LoadedKey {
  readonly privateKey: CryptoKey;
  readonly jwk: JWK;
}

/**
 * Makes a {@link DpopSigner}.
 *
 * @example
 * ```ts
 * declare const accessToken: string;
 * const dpop = createDpopSigner(); // ES256, key generated on first use
 * const proof = await dpop.proofFor("POST", "https://mcp.example.com/mcp", accessToken);
 * await fetch("https://mcp.example.com/mcp", {
 *   method: "POST",
 *   headers: { authorization: `DPoP ${accessToken}`, dpop: proof },
 * });
 * ```
 */
export function createDpopSigner(options: DpopSignerOptions = {}): DpopSigner {
  const algorithm = options.algorithm ?? "ES256";
  const nonces = new DpopNonceStore(options.maxNonceOrigins ?? DEFAULT_MAX_NONCE_ORIGINS);
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  let key: Promise<LoadedKey> | undefined;
  let thumbprint: Promise<string> | undefined;

  const loadKey = (): Promise<LoadedKey> => {
    key ??= (async () => {
      const pair = options.keyPair ?? (await generateKeyPair(algorithm, { extractable: false }));
      const { kty, crv, x, y, n, e } = await exportJWK(pair.publicKey);
      // Only the public members: exportJWK never returns private ones for a public key, and
      // dropping `ext`/`key_ops` keeps the header minimal.
      const jwk = Object.fromEntries(
        Object.entries({ kty, crv, x, y, n, e }).filter(([, value]) => value !== undefined),
      ) as JWK;
      return { privateKey: pair.privateKey, jwk };
    })();
    return key;
  };

  return {
    algorithm,
    async proofFor(method, url, accessToken) {
      const target = new URL(url);
      const { privateKey, jwk } = await loadKey();
      const claims: Record<string, string | number> = {
        jti: randomId(),
        htm: method.toUpperCase(),
        htu: `${target.origin}${target.pathname}`,
        iat: now(),
      };
      if (accessToken !== undefined) claims.ath = await sha256(accessToken);
      const nonce = nonces.get(target.origin);
      if (nonce !== undefined) claims.nonce = nonce;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: algorithm, typ: "dpop+jwt", jwk })
        .sign(privateKey);
    },
    rememberNonce(url, headers) {
      const nonce = headerValue(headers, "dpop-nonce");
      if (nonce === undefined || nonce === "") return false;
      return nonces.set(new URL(url).origin, nonce);
    },
    nonceFor(url) {
      return nonces.get(new URL(url).origin);
    },
    async publicJwk() {
      return { ...(await loadKey()).jwk };
    },
    thumbprint() {
      thumbprint ??= loadKey().then(({ jwk }) => calculateJwkThumbprint(jwk, "sha256"));
      return thumbprint;
    },
  };
}

function headerValue(headers: HeadersLike, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  return (headers as Readonly<Record<string, string>>)[name];
}

function randomId(): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(24)));
}

/** base64url(SHA-256(ASCII token)), the `ath` claim (RFC 9449 §4.2). */
async function sha256(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return base64url.encode(new Uint8Array(digest));
}
