import type { AuthChallengeResponse, AuthorizedRequest, ClientAuthProvider } from "@mcpkit/core";
import * as oauth from "oauth4webapi";
import { type AuthorizationRedirect, authorizationCodeFlow } from "./authorization-code.js";
import { type AuthorizationDiscovery, discoverAuthorization } from "./discovery.js";
import { isUseDpopNonceChallenge } from "./dpop/challenge.js";
import { accessTokenHeaders, sendWithDpop } from "./dpop/requests.js";
import type { DpopSigner } from "./dpop/signer.js";
import { InsufficientScopeError, UnauthorizedError } from "./errors.js";
import { DEFAULT_REQUEST_TIMEOUT_MS, type FetchLike, timedFetch } from "./fetch-policy.js";
import { type ClientIdentity, clientFor } from "./registration.js";
import { selectScope } from "./scopes.js";
import {
  clientAuthentication,
  type EndpointPolicy,
  readTokenResponse,
  requestOptions,
} from "./token-endpoint.js";
import { MemoryTokenStore, readStored, type StoredTokens, type TokenStore } from "./token-store.js";
import { bearerChallengeParams } from "./www-authenticate.js";

/** Options of {@link OAuthClientProvider}. */
export interface OAuthClientProviderOptions extends ClientIdentity {
  /**
   * The MCP endpoint this provider authorizes for. Default: the URL of the first request it
   * sees (`ws:`/`wss:` read as `http:`/`https:`). Credentials go only to this origin.
   */
  readonly serverUrl?: string | URL;
  /** The `redirect_uri` registered for this client. */
  readonly redirectUrl: string | URL;
  /** Takes the user to the authorization URL and resolves with the URL they came back to. */
  readonly redirect: AuthorizationRedirect;
  /** Where tokens and registered clients are kept. Default: a new {@link MemoryTokenStore}. */
  readonly store?: TokenStore;
  /** A fixed scope to request instead of the selection strategy (challenge, then `scopes_supported`). */
  readonly scope?: string;
  /** Ask for `offline_access` (a refresh token) where the authorization server lists it. Default true. */
  readonly offlineAccess?: boolean;
  /**
   * How many authorizations may follow one another without a successful answer from the server
   * (each 401 or 403 step-up after the last success counts one); past it `onChallenge` throws
   * {@link InsufficientScopeError} (403) or {@link UnauthorizedError} (401). Default 3.
   */
  readonly maxAuthorizationAttempts?: number;
  /** Refresh this long before the access token expires. Default 30 000 ms. */
  readonly refreshSkewMs?: number;
  /** The fetch for discovery, registration and token requests. Default: the global `fetch`. */
  readonly fetch?: FetchLike;
  /**
   * How long one request to a metadata, registration or token endpoint may take; past it the
   * step fails with an error naming the URL. Default 30 000 ms.
   */
  readonly requestTimeoutMs?: number;
  /** Allow plain http to non-loopback hosts (default false). */
  readonly allowInsecureRequests?: boolean;
  /** The protocol revision in use (see `discoverAuthorization`). */
  readonly protocolVersion?: string;
  /**
   * Bind tokens to this DPoP key (RFC 9449, `createDpopSigner()`): a proof on every token
   * request, a DPoP-bound token sent as `Authorization: DPoP` with a fresh proof per request, and
   * the servers' `use_dpop_nonce` answered with their nonce (one retry each).
   */
  readonly dpop?: DpopSigner;
}

/**
 * OAuth 2.1 for an MCP client, as the `authProvider` of any mcpkit client transport: on a 401 it
 * discovers the authorization server (RFC 9728, RFC 8414 / OpenID), gets a client id
 * (pre-registered, Client ID Metadata Document, or RFC 7591 registration; kept per issuer), runs
 * the authorization code flow with PKCE S256, `state`, RFC 8707 `resource` and the RFC 9207 `iss`
 * check through your `redirect`, and keeps the tokens in the store (per server). It refreshes
 * expired tokens (with rotation), steps up on 403 `insufficient_scope` with the union of scopes,
 * and drops tokens of an authorization server the server no longer names.
 *
 * @example
 * ```ts
 * import { OAuthClientProvider } from "@mcpkit/auth";
 * import { loopbackRedirect } from "@mcpkit/auth/node";
 * import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
 * const callback = await loopbackRedirect();
 * const authProvider = new OAuthClientProvider({
 *   redirectUrl: callback.redirectUrl,
 *   redirect: callback.redirect,
 *   clientMetadata: { client_name: "My MCP app" },
 * });
 * const transport = new StreamableHttpClientTransport("https://mcp.example.com/mcp", { authProvider });
 * ```
 */
export class OAuthClientProvider implements ClientAuthProvider {
  private readonly store: TokenStore;
  private readonly fetchImpl: FetchLike;
  private readonly policy: EndpointPolicy;
  private server: URL | undefined;
  private tokens: StoredTokens | undefined;
  private loaded = false;
  private discovery: AuthorizationDiscovery | undefined;
  private challenging: Promise<"retry"> | undefined;
  private refreshing: Promise<StoredTokens | undefined> | undefined;
  /** The access token a refresh just produced: a 401 for it means a full authorization. */
  private refreshedToken: string | undefined;
  private attempts = 0;
  private checkedUrl: string | undefined;

  constructor(private readonly options: OAuthClientProviderOptions) {
    this.store = options.store ?? new MemoryTokenStore();
    this.fetchImpl = timedFetch(
      options.fetch ?? ((input, init) => fetch(input, init)),
      options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    );
    this.policy = { allowInsecureRequests: options.allowInsecureRequests === true, fetch: this.fetchImpl };
    const cimd = options.clientMetadataUrl;
    if (cimd !== undefined && !isMetadataDocumentUrl(cimd)) {
      throw new TypeError(
        `clientMetadataUrl must be an https URL with a path (a Client ID Metadata Document), not ${cimd}`,
      );
    }
    if (options.serverUrl !== undefined) this.server = httpUrl(options.serverUrl);
  }

  /** The tokens in use, if any (loaded from the store on first use). */
  async currentTokens(): Promise<StoredTokens | undefined> {
    if (!this.loaded && this.server) {
      this.tokens = await readStored<StoredTokens>(this.store, this.tokenKey());
      this.loaded = true;
    }
    return this.tokens;
  }

  /** Forgets this server's tokens (memory and store): the next 401 authorizes again. */
  async signOut(): Promise<void> {
    await this.dropTokens();
  }

  async headers(request: AuthorizedRequest): Promise<Readonly<Record<string, string>>> {
    const server = this.serverFor(request.url);
    // Credentials go to the configured server only, never to another origin (the URL checked
    // last is remembered: a transport asks for the same URL request after request).
    if (request.url !== this.checkedUrl) {
      if (httpUrl(request.url).origin !== server.origin) return {};
      this.checkedUrl = request.url;
    }
    let tokens = await this.currentTokens();
    if (tokens && this.expired(tokens)) tokens = await this.refreshQuietly(tokens);
    return tokens
      ? accessTokenHeaders(request, tokens.access_token, tokens.token_type, this.options.dpop)
      : {};
  }

  onChallenge(response: AuthChallengeResponse): Promise<"retry"> {
    const dpop = this.options.dpop;
    if (dpop !== undefined && isUseDpopNonceChallenge(response)) {
      // RFC 9449 §9: the same request again with the server's nonce; no new nonce, no progress.
      if (dpop.rememberNonce(response.url, response.headers)) return Promise.resolve("retry");
      return Promise.reject(
        new UnauthorizedError(`${response.url} asked for a DPoP nonce again after the retry with it`),
      );
    }
    dpop?.rememberNonce(response.url, response.headers);
    // Requests refused together share one authorization.
    this.challenging ??= this.challenge(response).finally(() => {
      this.challenging = undefined;
    });
    return this.challenging;
  }

  onResponse(response: AuthChallengeResponse): void {
    this.options.dpop?.rememberNonce(response.url, response.headers);
    if (response.status >= 200 && response.status < 300) this.attempts = 0;
  }

  private async challenge(response: AuthChallengeResponse): Promise<"retry"> {
    const server = this.serverFor(response.url);
    const wwwAuthenticate = response.headers["www-authenticate"];
    const params = bearerChallengeParams(wwwAuthenticate);
    const stepUp = response.status === 403;
    if (stepUp && params.error !== "insufficient_scope") {
      throw new UnauthorizedError(
        `${server.href} refused the request with HTTP 403${params.error ? ` ${params.error}` : ""}${params.error_description ? ` (${params.error_description})` : ""}`,
        { status: 403 },
      );
    }
    const max = this.options.maxAuthorizationAttempts ?? 3;
    if (this.attempts >= max) {
      if (stepUp) {
        throw new InsufficientScopeError(
          `${server.href} still answers 403 insufficient_scope${params.scope ? ` (scope "${params.scope}")` : ""} after ${max} authorizations (maxAuthorizationAttempts)`,
          params.scope,
        );
      }
      throw new UnauthorizedError(
        `${server.href} still answers 401 after ${max} authorizations (maxAuthorizationAttempts)`,
      );
    }
    const discovery = await discoverAuthorization({
      serverUrl: server,
      ...(wwwAuthenticate !== undefined ? { wwwAuthenticate } : {}),
      fetch: this.fetchImpl,
      allowInsecureRequests: this.policy.allowInsecureRequests,
      ...(this.options.protocolVersion !== undefined
        ? { protocolVersion: this.options.protocolVersion }
        : {}),
    });
    this.discovery = discovery;
    let tokens = await this.currentTokens();
    if (tokens && !this.issuedBy(tokens, discovery)) {
      // The server now names another authorization server (or resource): its tokens are void.
      await this.dropTokens();
      tokens = undefined;
    }
    if (!stepUp && tokens?.refresh_token && tokens.access_token !== this.refreshedToken) {
      if (await this.refreshQuietly(tokens, discovery)) return "retry";
      tokens = undefined;
    }
    this.attempts += 1;
    const as = discovery.authorizationServer;
    const scope = selectScope({
      challengeScope: discovery.challengeScope,
      resourceMetadata: discovery.resourceMetadata,
      authorizationServer: as,
      previous: tokens?.scope,
      offline: this.options.offlineAccess !== false,
      configured: this.options.scope,
    });
    const redirectUrl = String(this.options.redirectUrl);
    const client = await clientFor(as, this.options, {
      redirectUrl,
      store: this.store,
      fetch: this.fetchImpl,
      allowInsecureRequests: this.policy.allowInsecureRequests,
    });
    const fresh = await authorizationCodeFlow({
      as,
      client,
      redirectUrl,
      resource: discovery.resource,
      scope,
      redirect: this.options.redirect,
      policy: this.policy,
      dpop: this.options.dpop,
    });
    await this.saveTokens(fresh);
    return "retry";
  }

  /** Refreshes; on any failure the tokens are dropped and `undefined` returned (a 401 follows). */
  private refreshQuietly(
    tokens: StoredTokens,
    discovery?: AuthorizationDiscovery,
  ): Promise<StoredTokens | undefined> {
    this.refreshing ??= this.refresh(tokens, discovery)
      .catch(async () => {
        await this.dropTokens();
        return undefined;
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private async refresh(
    tokens: StoredTokens,
    known?: AuthorizationDiscovery,
  ): Promise<StoredTokens | undefined> {
    const refreshToken = tokens.refresh_token;
    if (refreshToken === undefined) throw new UnauthorizedError("no refresh token");
    const discovery =
      known ??
      this.discovery ??
      (await discoverAuthorization({
        serverUrl: this.serverFor(tokens.resource),
        fetch: this.fetchImpl,
        allowInsecureRequests: this.policy.allowInsecureRequests,
      }));
    this.discovery = discovery;
    if (!this.issuedBy(tokens, discovery)) throw new UnauthorizedError("the authorization server changed");
    const as = discovery.authorizationServer;
    const client = await clientFor(as, this.options, {
      redirectUrl: String(this.options.redirectUrl),
      store: this.store,
      fetch: this.fetchImpl,
      allowInsecureRequests: this.policy.allowInsecureRequests,
    });
    const oauthClient: oauth.Client = { client_id: client.client_id };
    const fresh = await sendWithDpop(
      this.options.dpop,
      as.token_endpoint as string,
      (headers) =>
        oauth.refreshTokenGrantRequest(as, oauthClient, clientAuthentication(client, as), refreshToken, {
          ...requestOptions(as.token_endpoint, this.policy, "token endpoint"),
          headers,
          additionalParameters: { resource: tokens.resource },
        }),
      (response) =>
        readTokenResponse(
          as,
          oauthClient,
          response,
          (a, c, r) => oauth.processRefreshTokenResponse(a, c, r),
          { issuer: tokens.issuer, resource: tokens.resource, scope: tokens.scope },
          refreshToken,
        ),
    );
    this.refreshedToken = fresh.access_token;
    await this.saveTokens(fresh);
    return fresh;
  }

  private issuedBy(tokens: StoredTokens, discovery: AuthorizationDiscovery): boolean {
    return tokens.issuer === discovery.authorizationServer.issuer && tokens.resource === discovery.resource;
  }

  private expired(tokens: StoredTokens): boolean {
    return (
      tokens.expires_at !== undefined &&
      Date.now() >= tokens.expires_at - (this.options.refreshSkewMs ?? 30_000)
    );
  }

  private serverFor(url: string): URL {
    this.server ??= httpUrl(url);
    return this.server;
  }

  private tokenKey(): string {
    return `tokens ${(this.server as URL).href}`;
  }

  private async saveTokens(tokens: StoredTokens): Promise<void> {
    this.tokens = tokens;
    this.loaded = true;
    await this.store.set(this.tokenKey(), JSON.stringify(tokens));
  }

  private async dropTokens(): Promise<void> {
    this.tokens = undefined;
    this.loaded = true;
    if (this.server) await this.store.delete(this.tokenKey());
  }
}

/** Whether a URL can be a Client ID Metadata Document's: https, with a path. */
function isMetadataDocumentUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.pathname !== "/" && url.hash === "";
  } catch {
    return false;
  }
}

/** A URL with `ws:`/`wss:` read as `http:`/`https:` (a WebSocket endpoint's resource). */
function httpUrl(url: string | URL): URL {
  const parsed = new URL(url);
  if (parsed.protocol === "ws:") return new URL(`http:${parsed.href.slice(3)}`);
  if (parsed.protocol === "wss:") return new URL(`https:${parsed.href.slice(4)}`);
  return parsed;
}
