import type { AuthInfo } from "./transport.js";

/**
 * What a server transport tells its `authenticate` hook about one HTTP request (or WebSocket
 * upgrade): enough to verify a bearer or DPoP-bound token, never the body.
 */
export interface AuthenticationRequest {
  /** `POST`, `GET`, `DELETE`; a WebSocket upgrade is `GET`. */
  readonly method: string;
  /** The full request URL as the client addressed it (scheme, host, path, query). */
  readonly url: string;
  /** Request headers, names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * A server transport's credential check, run before a request is delivered: return the verified
 * identity, `undefined` to let the request through anonymously, or throw an
 * {@link AuthenticationError} to refuse it with that status and challenge. Any other throw is a
 * 500. `bearerAuth(...)` from `@mcpkit/auth` makes one.
 *
 * @example
 * ```ts
 * const authenticate: Authenticate = (request) => {
 *   if (request.headers.authorization !== "Bearer let-me-in")
 *     throw new AuthenticationError(401, "invalid_token", "no valid token", { "www-authenticate": 'Bearer error="invalid_token"' });
 *   return { token: "let-me-in", subject: "alice", scopes: ["mcp"] };
 * };
 * ```
 */
export type Authenticate = (
  request: AuthenticationRequest,
) => AuthInfo | undefined | Promise<AuthInfo | undefined>;

/**
 * A refusal of credentials or of a scope, with the HTTP answer it deserves: thrown by an
 * `authenticate` hook (the transport answers `status`, `headers` and a JSON body
 * `{ error, error_description }`), or by a request handler or middleware (the engine answers the
 * request with a JSON-RPC error, code -32001 for 401 and -32003 for 403, and an HTTP transport that
 * can still choose the status answers with `status` and `headers` instead of 200).
 *
 * @example
 * ```ts
 * throw new AuthenticationError(403, "insufficient_scope", "this tool needs files:write", {
 *   "www-authenticate": 'Bearer error="insufficient_scope", scope="files:write"',
 * });
 * ```
 */
export class AuthenticationError extends Error {
  override readonly name = "AuthenticationError";
  /** The HTTP status: 401 (no or bad credentials), 403 (not allowed), 400 (malformed request). */
  readonly status: number;
  /** The OAuth error code: `invalid_token`, `insufficient_scope`, `invalid_request`, `invalid_dpop_proof`... */
  readonly error: string;
  /** Response headers, names lower-cased: `www-authenticate`, and `dpop-nonce` when one is asked for. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    error: string,
    description: string,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(description);
    this.status = status;
    this.error = error;
    this.headers = headers;
  }
}

/** What a client transport tells its auth provider about a request it is about to send. */
export interface AuthorizedRequest {
  readonly method: string;
  /** The full URL the request goes to. */
  readonly url: string;
}

/** What a client transport tells its auth provider about a 401 or 403 it received. */
export interface AuthChallengeResponse {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** Response headers, names lower-cased (`www-authenticate`, `dpop-nonce`). */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * How a client transport (Streamable HTTP, legacy SSE, WebSocket) gets credentials: headers for
 * each request, and what to do when the server refuses them. The transport calls
 * `onChallenge` on a 401 or 403 and sends the request again once if it resolves `"retry"`; it
 * fails the request with what `onChallenge` throws. `OAuthClientProvider` from `@mcpkit/auth`
 * implements it.
 *
 * @example
 * ```ts
 * const fixed: ClientAuthProvider = {
 *   headers: () => ({ authorization: "Bearer let-me-in" }),
 *   onChallenge: (response) => {
 *     throw new Error(`refused with ${response.status}`);
 *   },
 * };
 * ```
 */
export interface ClientAuthProvider {
  /** Headers for this request (`authorization`, `dpop`), names lower-cased; `{}` for none. */
  headers(
    request: AuthorizedRequest,
  ): Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>;
  /** A 401 or 403 came back: obtain new credentials and resolve `"retry"`, or throw why not. */
  onChallenge(response: AuthChallengeResponse): Promise<"retry"> | "retry";
  /** Every other response, for the headers a provider keeps (a DPoP server's fresh `dpop-nonce`). */
  onResponse?(response: AuthChallengeResponse): void;
}
