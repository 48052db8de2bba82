/** The parameters of a `WWW-Authenticate: Bearer` challenge (RFC 6750 section 3, RFC 9728 section 5.1). */
export interface BearerChallenge {
  /** The URL of the protected-resource metadata document (RFC 9728). */
  readonly resourceMetadata?: string;
  /** The scopes the request needs, space-separated on the wire. */
  readonly scope?: readonly string[];
  /** `invalid_token`, `insufficient_scope`, `invalid_request`; left out when no token was presented. */
  readonly error?: string;
  readonly errorDescription?: string;
  readonly realm?: string;
}

/** A quoted-string value: quotes and backslashes escaped, control characters dropped. */
function quoted(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return `"${value.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/(["\\])/g, "\\$1")}"`;
}

/**
 * The value of a `WWW-Authenticate` header for the Bearer scheme, parameters in a fixed order.
 *
 * @example
 * ```ts
 * bearerChallenge({ error: "insufficient_scope", scope: ["files:write"], resourceMetadata: "https://mcp.example.com/.well-known/oauth-protected-resource/mcp" });
 * // 'Bearer error="insufficient_scope", scope="files:write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"'
 * ```
 */
export function bearerChallenge(challenge: BearerChallenge): string {
  const params: string[] = [];
  if (challenge.realm !== undefined) params.push(`realm=${quoted(challenge.realm)}`);
  if (challenge.error !== undefined) params.push(`error=${quoted(challenge.error)}`);
  if (challenge.errorDescription !== undefined)
    params.push(`error_description=${quoted(challenge.errorDescription)}`);
  if (challenge.scope !== undefined && challenge.scope.length > 0)
    params.push(`scope=${quoted(challenge.scope.join(" "))}`);
  if (challenge.resourceMetadata !== undefined)
    params.push(`resource_metadata=${quoted(challenge.resourceMetadata)}`);
  return params.length === 0 ? "Bearer" : `Bearer ${params.join(", ")}`;
}
