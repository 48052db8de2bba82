/// <reference path="./oidc-provider.d.ts" />
// A real OAuth 2.1 / OpenID Connect authorization server for the tests: oidc-provider on 127.0.0.1,
// with dynamic registration, PKCE S256, resource indicators (JWT access tokens whose audience is the
// MCP server), refresh-token rotation, introspection, revocation, client credentials and DPoP. The
// login and consent pages answer by themselves: a fixed account logs in and grants what is asked.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type ClientView, errors, Provider, type ResourceServerInfo } from "oidc-provider";

/** Client metadata as oidc-provider takes it for pre-registered clients (RFC 7591 names). */
export type StaticClient = Readonly<Record<string, unknown>> & { readonly client_id: string };

export interface AuthorizationServerOptions {
  /** Access-token lifetime in seconds (also settable later with `setAccessTokenTtl`). Default 300. */
  readonly accessTokenTtl?: number;
  /** The scopes every resource accepts and discovery advertises. Default `mcp:read mcp:write mcp:admin`. */
  readonly resourceScopes?: readonly string[];
  /** Resources whose access tokens are opaque (introspectable, revocable) instead of JWTs. Default none. */
  readonly opaqueTokens?: (resource: string) => boolean;
  /** Resources the server issues tokens for. Default every absolute http(s) URL. */
  readonly acceptResource?: (resource: string) => boolean;
  /**
   * When clients allowed the `refresh_token` grant get refresh tokens: `always` (the default), or only
   * with `offline_access` granted. oidc-provider drops a requested `offline_access` unless the request
   * also says `prompt=consent` (OpenID Connect Core 11), which MCP clients do not send.
   */
  readonly refreshTokens?: "offline_access" | "always";
  /** Require a server-provided DPoP nonce on every DPoP proof. Default false. */
  readonly dpopNonce?: boolean;
  /** Pre-registered clients. Default none (clients register dynamically). */
  readonly clients?: readonly StaticClient[];
  /** The account that logs in at the automated login page. Default `alice`. */
  readonly accountId?: string;
  /** Also serve the metadata at `/.well-known/oauth-authorization-server` (RFC 8414). Default false. */
  readonly rfc8414Metadata?: boolean;
}

/** A running test authorization server. */
export interface AuthorizationServer {
  /** The issuer identifier, `http://127.0.0.1:<port>`. */
  readonly issuer: string;
  readonly provider: Provider;
  /** Errors oidc-provider reported as its own failures (500s); tests assert this stays empty. */
  readonly serverErrors: Error[];
  /** Every interaction answered so far, in order: `login` or `consent`, with the scopes consent granted. */
  readonly interactions: InteractionRecord[];
  /** Change the lifetime of access tokens issued from now on, in seconds (at least 1). */
  setAccessTokenTtl(seconds: number): void;
  /** The account the automated login signs in from now on (default `options.accountId`, else `alice`). */
  setAccount(accountId: string): void;
  /** Which of the requested scopes the automated consent grants (default: all of them). */
  setConsent(grant: (requested: readonly string[], resource: string) => readonly string[]): void;
  /**
   * Plays the browser: opens `authorizationUrl`, passes the login and consent pages, and returns the
   * URL the server finally redirects to outside its own origin (the client's `redirect_uri` with
   * `code`, `state` and `iss`, or with `error`). Bounded to 10 hops.
   */
  authorize(authorizationUrl: string | URL): Promise<URL>;
  /** Revokes an opaque access token or a refresh token, as the revocation endpoint would. True if found. */
  revokeToken(token: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface InteractionRecord {
  readonly prompt: string;
  readonly clientId: string;
  readonly grantedScopes: readonly string[];
}

const MAX_AUTHORIZE_HOPS = 10;

/** Starts the authorization server on 127.0.0.1 with an ephemeral port. */
export async function startAuthorizationServer(
  options: AuthorizationServerOptions = {},
): Promise<AuthorizationServer> {
  let accessTokenTtl = options.accessTokenTtl ?? 300;
  let consent = (requested: readonly string[], _resource: string): readonly string[] => requested;
  const resourceScopes = options.resourceScopes ?? ["mcp:read", "mcp:write", "mcp:admin"];
  const opaqueTokens = options.opaqueTokens ?? (() => false);
  const acceptResource = options.acceptResource ?? isHttpUrl;
  let accountId = options.accountId ?? "alice";
  const serverErrors: Error[] = [];
  const interactions: InteractionRecord[] = [];

  // The issuer names the port, so listen first and install the provider's handler after.
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: options.clients ?? [],
    jwks: { keys: signingKeys() },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    scopes: ["openid", "offline_access", ...resourceScopes],
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
    pkce: { required: () => true },
    clientBasedCORS: () => true,
    issueRefreshToken: (_ctx: unknown, client: ClientView, source: { scopes: Set<string> }) =>
      client.grantTypeAllowed("refresh_token") &&
      (options.refreshTokens !== "offline_access" || source.scopes.has("offline_access")),
    rotateRefreshToken: () => true,
    ttl: {
      AccessToken: () => accessTokenTtl,
      ClientCredentials: () => accessTokenTtl,
      AuthorizationCode: () => 60,
      IdToken: () => 3600,
      RefreshToken: () => 24 * 3600,
      Interaction: () => 600,
      Session: () => 24 * 3600,
      Grant: () => 24 * 3600,
    },
    // Errors as JSON, so a failed authorization shows its reason in the test output.
    renderError: (ctx: { type: string; body: unknown }, out: Record<string, string>) => {
      ctx.type = "json";
      ctx.body = out;
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      introspection: { enabled: true, allowedPolicy: () => true },
      revocation: { enabled: true, allowedPolicy: sameClientRevocation },
      clientCredentials: { enabled: true },
      dPoP: options.dpopNonce
        ? { enabled: true, nonceSecret: randomBytes(32), requireNonce: () => true }
        : { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx: unknown, _client: unknown, oneOf?: string) => oneOf,
        useGrantedResource: () => false,
        getResourceServerInfo: (_ctx: unknown, resource: string): ResourceServerInfo => {
          if (!acceptResource(resource)) throw new errors.InvalidTarget(`unknown resource ${resource}`);
          return {
            scope: resourceScopes.join(" "),
            audience: resource,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: opaqueTokens(resource) ? "opaque" : "jwt",
            jwt: { sign: { alg: "ES256" } },
          };
        },
      },
    },
  });
  provider.on("server_error", (_ctx, error) => {
    serverErrors.push(error instanceof Error ? error : new Error(String(error)));
  });

  const providerHandler = provider.callback();
  handler = (req, res) => {
    const path = new URL(req.url ?? "/", issuer).pathname;
    if (req.method === "GET" && path.startsWith("/interaction/")) {
      answerInteraction(req, res).catch((error: unknown) => {
        serverErrors.push(error instanceof Error ? error : new Error(String(error)));
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
      return;
    }
    if (options.rfc8414Metadata && path === "/.well-known/oauth-authorization-server") {
      req.url = "/.well-known/openid-configuration";
    }
    providerHandler(req, res);
  };

  // The login page logs the fixed account in; the consent page grants what `consent` allows.
  async function answerInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const clientId = details.params.client_id;
    if (details.prompt.name === "login") {
      interactions.push({ prompt: "login", clientId, grantedScopes: [] });
      await provider.interactionFinished(req, res, { login: { accountId } });
      return;
    }
    const owner = details.session?.accountId ?? accountId;
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId: owner, clientId });
    // Resource scopes are also OIDC scopes here (so discovery lists them): consent decides both alike,
    // and what it refuses is recorded as rejected so the next request does not ask again.
    const granted = new Set<string>();
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
    for (const [resource, scopes] of Object.entries(missingResourceScopes ?? {})) {
      const allowed = new Set(consent(scopes, resource));
      const refused = scopes.filter((scope) => !allowed.has(scope));
      if (allowed.size) grant.addResourceScope(resource, [...allowed].join(" "));
      if (refused.length) grant.rejectResourceScope(resource, refused.join(" "));
      for (const scope of allowed) granted.add(scope);
    }
    if (missingOIDCScope) {
      const refused = missingOIDCScope.filter(
        (scope) => resourceScopes.includes(scope) && !granted.has(scope),
      );
      const allowed = missingOIDCScope.filter((scope) => !refused.includes(scope));
      if (allowed.length) grant.addOIDCScope(allowed.join(" "));
      if (refused.length) grant.rejectOIDCScope(refused.join(" "));
      for (const scope of allowed) granted.add(scope);
    }
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    const grantId = await grant.save();
    interactions.push({ prompt: details.prompt.name, clientId, grantedScopes: [...granted] });
    await provider.interactionFinished(req, res, { consent: { grantId } });
  }

  async function authorize(authorizationUrl: string | URL): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < MAX_AUTHORIZE_HOPS; hop++) {
      if (url.origin !== issuer) return url;
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      const response = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
      storeCookies(jar, response.headers.getSetCookie());
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(
          `authorization stopped at ${url.pathname} with ${response.status}: ${(await response.text()).slice(0, 500)}`,
        );
      }
      await response.body?.cancel();
      url = new URL(location, url);
    }
    throw new Error(`authorization did not leave the issuer within ${MAX_AUTHORIZE_HOPS} redirects`);
  }

  async function revokeToken(token: string): Promise<boolean> {
    const found =
      (await provider.AccessToken.find(token)) ??
      (await provider.RefreshToken.find(token)) ??
      (await provider.ClientCredentials.find(token));
    if (!found) return false;
    await found.destroy();
    return true;
  }

  return {
    issuer,
    provider,
    serverErrors,
    interactions,
    setAccessTokenTtl(seconds) {
      if (!Number.isInteger(seconds) || seconds < 1)
        throw new RangeError("TTL must be a whole number of seconds, at least 1");
      accessTokenTtl = seconds;
    },
    setAccount(account) {
      accountId = account;
    },
    setConsent(grant) {
      consent = grant;
    },
    authorize,
    revokeToken,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

// A public client may revoke only its own tokens (oidc-provider's default, without its warning).
function sameClientRevocation(_ctx: unknown, client: ClientView, token: { clientId?: string }): boolean {
  return token.clientId === client.clientId;
}

// One RSA key (ID tokens default to RS256) and one P-256 key (access tokens are ES256).
function signingKeys(): Record<string, unknown>[] {
  const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" });
  return [
    { ...rsa, kid: "rs-test", alg: "RS256", use: "sig" },
    { ...ec, kid: "es-test", alg: "ES256", use: "sig" },
  ];
}

function storeCookies(jar: Map<string, string>, setCookies: readonly string[]): void {
  for (const line of setCookies) {
    const [pair = "", ...attributes] = line.split(";");
    const equals = pair.indexOf("=");
    if (equals <= 0) continue;
    const name = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = "", setting = ""] = attribute.split("=").map((part) => part.trim().toLowerCase());
      return (
        (key === "max-age" && Number(setting) <= 0) || (key === "expires" && Date.parse(setting) < Date.now())
      );
    });
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}
