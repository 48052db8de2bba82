import type { AuthChallengeResponse, AuthorizedRequest, ClientAuthProvider } from "@mcpkit/core";
import { type AuthorizationDiscovery, discoverAuthorization } from "../discovery.js";
import { isUseDpopNonceChallenge } from "../dpop/challenge.js";
import { accessTokenHeaders } from "../dpop/requests.js";
import type { DpopSigner } from "../dpop/signer.js";
import { InsufficientScopeError, UnauthorizedError } from "../errors.js";
import { DEFAULT_REQUEST_TIMEOUT_MS, type FetchLike, timedFetch } from "../fetch-policy.js";
import { bearerChallengeParams } from "../www-authenticate.js";
import type { TokenSet } from "./token-request.js";

/** What a grant is given to obtain a token for one MCP server. */
export interface GrantContext {
  /** The discovered protected resource and authorization server. */
  readonly discovery: AuthorizationDiscovery;
  /** The scope to request (option, else the challenge's, else the PRM's `scopes_supported`), if any. */
  readonly scope: string | undefined;
  readonly dpop: DpopSigner | undefined;
  readonly fetch: FetchLike | undefined;
  readonly allowInsecureRequests: boolean;
  /** The clock, milliseconds since the epoch. */
  readonly now: () => number;
}

/** One way of obtaining an access token non-interactively (client credentials, jwt-bearer, ...). */
export type TokenGrant = (context: GrantContext) => Promise<TokenSet>;

/** Options every non-interactive grant provider takes. */
export interface GrantProviderOptions {
  /** The MCP endpoint URL (the same one the transport connects to). */
  readonly serverUrl: string | URL;
  /**
   * The scope to request, space-separated. Default: the scope of the server's challenge, else
   * the protected-resource metadata's `scopes_supported`, else none.
   */
  readonly scope?: string;
  /** Bind tokens to this DPoP key (RFC 9449): proofs on token and MCP requests, server nonces kept. */
  readonly dpop?: DpopSigner;
  /** The fetch for discovery and token requests; default the global `fetch`. */
  readonly fetch?: FetchLike;
  /**
   * How long one discovery or token request may take, in ms; default 30 000. Past it the step
   * fails with an error naming the URL and the limit.
   */
  readonly requestTimeoutMs?: number;
  /** Allow plain `http:` to non-loopback hosts (default false: HTTPS, or http to loopback only). */
  readonly allowInsecureRequests?: boolean;
  /** A token this close to its expiry (seconds) is replaced before use; default 30. */
  readonly expiryMarginSeconds?: number;
  /** The clock, milliseconds since the epoch; default `Date.now`. */
  readonly now?: () => number;
}

const DEFAULT_EXPIRY_MARGIN_SECONDS = 30;

/**
 * A {@link ClientAuthProvider} around a {@link TokenGrant}: on the server's 401 it discovers the
 * authorization server (from the challenge's `resource_metadata`), runs the grant and has the
 * transport retry; it sends the token as `Bearer`, or as `DPoP` with a fresh proof per request
 * when the token is DPoP-bound; it replaces a token about to expire before sending it; it answers
 * a resource server's `use_dpop_nonce` with the new nonce and a 403 `insufficient_scope` with a
 * token for the wider scope. A token refused right after it was issued is an
 * {@link UnauthorizedError}: the grant is not run again in a loop.
 *
 * The grant providers ({@link ClientCredentialsProvider}, ...) are this class with their grant.
 *
 * @example A grant of your own: client credentials with an extra audience parameter
 * ```ts
 * const authProvider = new GrantAuthProvider(
 *   (context) =>
 *     requestToken({
 *       authorizationServer: context.discovery.authorizationServer,
 *       grantType: "client_credentials",
 *       parameters: { scope: context.scope, resource: context.discovery.resource, audience: "reports" },
 *       client: { clientId: "svc", clientSecret: "s3cret" },
 *       dpop: context.dpop,
 *     }),
 *   { serverUrl: "https://mcp.example.com/mcp" },
 * );
 * ```
 */
export class GrantAuthProvider implements ClientAuthProvider {
  readonly #grant: TokenGrant;
  readonly #options: GrantProviderOptions;
  readonly #serverUrl: URL;
  readonly #now: () => number;
  readonly #fetch: FetchLike;
  #discovery: AuthorizationDiscovery | undefined;
  #token: TokenSet | undefined;
  /** The token was obtained and the server has not accepted a request with it yet. */
  #unproven = false;
  #scope: string | undefined;
  #pending: Promise<TokenSet> | undefined;

  constructor(grant: TokenGrant, options: GrantProviderOptions) {
    this.#grant = grant;
    this.#options = options;
    this.#serverUrl = new URL(httpOrigin(options.serverUrl) + new URL(options.serverUrl).pathname);
    this.#now = options.now ?? Date.now;
    this.#fetch = timedFetch(
      options.fetch ?? ((input, init) => fetch(input, init)),
      options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    );
    this.#scope = options.scope;
  }

  /** The token currently held, if any. */
  get token(): TokenSet | undefined {
    return this.#token;
  }

  /** Forgets the token: the next request goes without one, or runs the grant again when it expired. */
  invalidate(): void {
    this.#token = undefined;
  }

  async headers(request: AuthorizedRequest): Promise<Readonly<Record<string, string>>> {
    // The token is for this server: a request elsewhere (a redirect, another endpoint) gets none.
    if (httpOrigin(request.url) !== this.#serverUrl.origin) return {};
    let token = this.#token;
    if (token !== undefined && this.#expiring(token)) token = await this.#obtain(undefined);
    if (token === undefined) return {};
    if (token.tokenType === "dpop" && this.#options.dpop === undefined) {
      throw new UnauthorizedError("the authorization server issued a DPoP-bound token without a DPoP key");
    }
    return accessTokenHeaders(request, token.accessToken, token.tokenType, this.#options.dpop);
  }

  async onChallenge(response: AuthChallengeResponse): Promise<"retry"> {
    const dpop = this.#options.dpop;
    if (dpop !== undefined && isUseDpopNonceChallenge(response)) {
      // RFC 9449 §9: send the request again with the nonce; the same nonce twice means no progress.
      if (dpop.rememberNonce(response.url, response.headers)) return "retry";
      throw new UnauthorizedError(
        `${response.url} asked for a DPoP nonce again (HTTP ${response.status}) after the retry with it`,
      );
    }
    dpop?.rememberNonce(response.url, response.headers);
    const challenge = response.headers["www-authenticate"];
    const params = bearerChallengeParams(challenge);
    if (response.status === 403) return this.#stepUp(response, params);
    if (response.status !== 401) {
      throw new UnauthorizedError(
        `${response.method} ${response.url} was refused with HTTP ${response.status}`,
      );
    }
    if (this.#token !== undefined && this.#unproven) {
      // No error code: the request carried no token (RFC 6750 §3.1), so it left before this one
      // was issued (requests refused together): send it again with the token, no new grant.
      if (params.error === undefined) return "retry";
      throw new UnauthorizedError(
        `${response.url} refused the access token just issued by ${this.#discovery?.authorizationServer.token_endpoint ?? "the authorization server"}` +
          `${params.error ? ` (${params.error}${params.error_description ? `: ${params.error_description}` : ""})` : ""}`,
      );
    }
    this.#token = undefined;
    await this.#discover(challenge, params.resource_metadata);
    await this.#obtain(this.#scope ?? params.scope);
    return "retry";
  }

  onResponse(response: AuthChallengeResponse): void {
    this.#options.dpop?.rememberNonce(response.url, response.headers);
    if (response.status < 400) this.#unproven = false;
  }

  async #stepUp(response: AuthChallengeResponse, params: Readonly<Record<string, string>>): Promise<"retry"> {
    if (params.error !== "insufficient_scope") {
      throw new UnauthorizedError(
        `${response.method} ${response.url} was refused with HTTP 403${params.error ? ` (${params.error})` : ""}`,
      );
    }
    const held = new Set((this.#token?.scope ?? this.#scope ?? "").split(" ").filter(Boolean));
    const wanted = (params.scope ?? "").split(" ").filter(Boolean);
    if (wanted.length === 0 || wanted.every((scope) => held.has(scope))) {
      // Nothing more to ask for: asking again would get the same token.
      throw new InsufficientScopeError(
        `${response.url} needs scope ${params.scope ?? "(unnamed)"} that the token does not carry`,
        params.scope,
      );
    }
    const scope = [...new Set([...(this.#scope ?? "").split(" ").filter(Boolean), ...wanted])].join(" ");
    await this.#discover(response.headers["www-authenticate"], params.resource_metadata);
    await this.#obtain(scope);
    return "retry";
  }

  async #discover(
    wwwAuthenticate: string | undefined,
    resourceMetadata: string | undefined,
  ): Promise<AuthorizationDiscovery> {
    const known = this.#discovery;
    if (
      known !== undefined &&
      (resourceMetadata === undefined || resourceMetadata === known.resourceMetadataUrl)
    ) {
      return known;
    }
    this.#discovery = await discoverAuthorization({
      serverUrl: this.#serverUrl,
      ...(wwwAuthenticate !== undefined ? { wwwAuthenticate } : {}),
      fetch: this.#fetch,
      allowInsecureRequests: this.#options.allowInsecureRequests === true,
    });
    return this.#discovery;
  }

  /** Runs the grant once for all callers waiting at the same time. */
  #obtain(scope: string | undefined): Promise<TokenSet> {
    this.#pending ??= (async () => {
      try {
        const discovery = await this.#discover(undefined, undefined);
        const chosen = scope ?? this.#scope ?? defaultScope(discovery);
        const token = await this.#grant({
          discovery,
          scope: chosen,
          dpop: this.#options.dpop,
          fetch: this.#fetch,
          allowInsecureRequests: this.#options.allowInsecureRequests === true,
          now: this.#now,
        });
        this.#token = token;
        this.#scope = chosen;
        this.#unproven = true;
        return token;
      } finally {
        this.#pending = undefined;
      }
    })();
    return this.#pending;
  }

  #expiring(token: TokenSet): boolean {
    if (token.expiresAt === undefined) return false;
    const margin = (this.#options.expiryMarginSeconds ?? DEFAULT_EXPIRY_MARGIN_SECONDS) * 1000;
    return token.expiresAt - margin <= this.#now();
  }
}

function defaultScope(discovery: AuthorizationDiscovery): string | undefined {
  if (discovery.challengeScope !== undefined) return discovery.challengeScope;
  const supported = discovery.resourceMetadata.scopes_supported;
  return supported !== undefined && supported.length > 0 ? supported.join(" ") : undefined;
}

/** The origin of a URL, `ws:`/`wss:` read as `http:`/`https:` (a WebSocket endpoint's resource). */
function httpOrigin(url: string | URL): string {
  const parsed = new URL(url);
  if (parsed.protocol === "ws:" || parsed.protocol === "wss:") {
    return `${parsed.protocol === "ws:" ? "http:" : "https:"}//${parsed.host}`;
  }
  return parsed.origin;
}
