import type { AuthChallengeResponse } from "@mcpkit/core";
import { parseWwwAuthenticate } from "../www-authenticate.js";

/**
 * Whether a resource server's refusal asks for a DPoP nonce (RFC 9449 §9): a 401 whose
 * `WWW-Authenticate` carries a `DPoP` challenge with `error="use_dpop_nonce"`. The nonce itself
 * is in the `DPoP-Nonce` header.
 *
 * @example
 * ```ts
 * isUseDpopNonceChallenge({
 *   method: "POST",
 *   url: "https://mcp.example.com/mcp",
 *   status: 401,
 *   headers: { "www-authenticate": 'DPoP error="use_dpop_nonce"', "dpop-nonce": "eyJ7" },
 * }); // true
 * ```
 */
export function isUseDpopNonceChallenge(response: AuthChallengeResponse): boolean {
  if (response.status !== 401) return false;
  return parseWwwAuthenticate(response.headers["www-authenticate"]).some(
    (challenge) => challenge.scheme === "dpop" && challenge.params.error === "use_dpop_nonce",
  );
}
