import type { AuthChallengeResponse } from "@mcpkit/core";

/**
 * Whether a resource server's refusal asks for a DPoP nonce (RFC 9449 §9): a 401 whose
 * `WWW-Authenticate` carries a `DPoP` challenge with `error="use_dpop_nonce"`. The nonce itself
 * is in the `DPoP-Nonce` header.
 */
export function isUseDpopNonceChallenge(response: AuthChallengeResponse): boolean {
  if (response.status !== 401) return false;
  const challenge = response.headers["www-authenticate"];
  if (challenge === undefined || !/(?:^|,)\s*dpop(?:\s|$)/i.test(challenge)) return false;
  return /(?:^|[\s,])error\s*=\s*"?use_dpop_nonce"?(?:[\s,]|$)/i.test(challenge);
}
