import { AuthenticationError, type AuthenticationRequest, type AuthInfo } from "@mcpkit/core";

/**
 * Turns an access token into the identity it stands for, or refuses it: `jwtVerifier` (a JWT
 * checked against the authorization server's keys) and `introspectionVerifier` (RFC 7662) make
 * one; `bearerAuth` uses it. A refused token is an `AuthenticationError` with status 401 and
 * error `invalid_token` (`bearerAuth` adds the challenge); any other throw (the authorization
 * server cannot be reached) is the server's problem, answered 500.
 *
 * @example
 * ```ts
 * const fixed: TokenVerifier = {
 *   verify: async (token) => {
 *     if (token !== "let-me-in") throw invalidToken("unknown token");
 *     return { token, subject: "alice", scopes: ["mcp"] };
 *   },
 * };
 * ```
 */
export interface TokenVerifier {
  /** The identity `token` stands for; throws an `AuthenticationError` (401) when it is refused. */
  verify(token: string, request: AuthenticationRequest): Promise<AuthInfo>;
}

/** The 401 `invalid_token` refusal of a token, with `description` saying why. */
export function invalidToken(description: string): AuthenticationError {
  return new AuthenticationError(401, "invalid_token", description);
}

/** The scopes of a token's claims: `scope` (space-separated, RFC 9068/7662), else `scp` (a list). */
export function scopesOf(claims: Readonly<Record<string, unknown>>): string[] {
  const { scope, scp } = claims;
  if (typeof scope === "string") return scope.split(" ").filter((s) => s !== "");
  if (Array.isArray(scp)) return scp.filter((s): s is string => typeof s === "string");
  if (typeof scp === "string") return scp.split(" ").filter((s) => s !== "");
  return [];
}

/** The identity the verified claims of `token` describe. */
export function authInfoFromClaims(token: string, claims: Readonly<Record<string, unknown>>): AuthInfo {
  const clientId = typeof claims.client_id === "string" ? claims.client_id : claims.azp;
  return {
    token,
    ...(typeof claims.sub === "string" ? { subject: claims.sub } : {}),
    ...(typeof clientId === "string" ? { clientId } : {}),
    scopes: scopesOf(claims),
    ...(typeof claims.exp === "number" ? { expiresAt: claims.exp } : {}),
    claims,
  };
}

/** Whether an `aud` claim (a string or a list) names `audience`. */
export function audienceIncludes(aud: unknown, audience: string): boolean {
  if (typeof aud === "string") return aud === audience;
  return Array.isArray(aud) && aud.includes(audience);
}
