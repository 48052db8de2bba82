/**
 * The errors the OAuth client raises. Each names what happened and, where a URL was involved, the
 * URL: a transport passes them through unchanged, so `connect()` or the request fails with them
 * (never with a protocol-version error).
 */

/** The server refused our credentials and no new ones could be obtained (or the flow failed). */
export class UnauthorizedError extends Error {
  override readonly name: string = "UnauthorizedError";
  /**
   * The HTTP status that started it (401, or 403 for a scope refusal). Client code (and the
   * `connect()` era probe) reads it as an HTTP refusal, never as a protocol-version problem.
   */
  readonly status: number;
  constructor(message: string, options?: { cause?: unknown; status?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = options?.status ?? 401;
  }
}

/**
 * The server answered 403 `insufficient_scope` and re-authorizing with the scopes it asked for did
 * not help within the retry budget (`maxStepUpAttempts`).
 */
export class InsufficientScopeError extends UnauthorizedError {
  override readonly name = "InsufficientScopeError";
  /** The scope the server's last challenge asked for, as sent (space-separated), if any. */
  readonly scope: string | undefined;
  constructor(message: string, scope: string | undefined) {
    super(message, { status: 403 });
    this.scope = scope;
  }
}

/** Protected-resource or authorization-server metadata could not be found or was not acceptable. */
export class AuthorizationDiscoveryError extends UnauthorizedError {
  override readonly name = "AuthorizationDiscoveryError";
  /** The URL (or URLs, in the order tried) this is about. */
  readonly urls: readonly string[];
  constructor(message: string, urls: readonly string[], options?: { cause?: unknown }) {
    super(message, options);
    this.urls = urls;
  }
}

/**
 * The authorization server refused a step (registration, authorization response, token request)
 * or answered something that is not OAuth (an HTML page from the token endpoint, say).
 */
export class AuthorizationServerError extends UnauthorizedError {
  override readonly name = "AuthorizationServerError";
  /** The OAuth `error` code when the server gave one (`invalid_grant`, `access_denied`...). */
  readonly error: string | undefined;
  constructor(message: string, error?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.error = error;
  }
}
