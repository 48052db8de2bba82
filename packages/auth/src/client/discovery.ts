import type * as oauth from "oauth4webapi";
import { AuthorizationDiscoveryError } from "./errors.js";
import { type FetchLike, fetchMetadata, readJsonObject } from "./fetch-policy.js";
import { bearerChallengeParams } from "./www-authenticate.js";

/** OAuth 2.0 Protected Resource Metadata (RFC 9728 §2), the fields the client reads. */
export interface ProtectedResourceMetadata {
  readonly resource: string;
  readonly authorization_servers?: readonly string[];
  readonly scopes_supported?: readonly string[];
  readonly bearer_methods_supported?: readonly string[];
  readonly [field: string]: unknown;
}

/** What {@link discoverAuthorization} needs. */
export interface DiscoverAuthorizationOptions {
  /** The MCP endpoint URL the client talks to. */
  readonly serverUrl: string | URL;
  /** The `WWW-Authenticate` header of the 401/403 that started this, if any. */
  readonly wwwAuthenticate?: string;
  /** The fetch to use (default: the global `fetch`). */
  readonly fetch?: FetchLike;
  /**
   * The protocol revision in use. Every revision from 2025-06-18 on uses the same order (the
   * challenge's `resource_metadata`, then the path-aware and root well-known URLs; RFC 8414 then
   * OpenID discovery, path-inserted first); it is accepted so later revisions can differ.
   */
  readonly protocolVersion?: string;
  /** Allow plain `http:` to non-loopback hosts (default false: HTTPS, or http to loopback only). */
  readonly allowInsecureRequests?: boolean;
  /** Aborts the discovery requests. */
  readonly signal?: AbortSignal;
  /**
   * Picks the authorization server among the PRM's `authorization_servers` (default: the first).
   */
  readonly selectAuthorizationServer?: (issuers: readonly string[]) => string;
}

/** What {@link discoverAuthorization} found. */
export interface AuthorizationDiscovery {
  /** The PRM `resource`, exactly as published: the RFC 8707 `resource` parameter to send. */
  readonly resource: string;
  readonly resourceMetadata: ProtectedResourceMetadata;
  /** The URL the PRM document was read from. */
  readonly resourceMetadataUrl: string;
  /** The validated authorization-server metadata (its `issuer` is the one the PRM named). */
  readonly authorizationServer: oauth.AuthorizationServer;
  /** The `scope` of the challenge, when it had one. */
  readonly challengeScope?: string;
  /** The `error` of the challenge (`invalid_token`, `insufficient_scope`), when it had one. */
  readonly challengeError?: string;
}

const PRM_SUFFIX = "/.well-known/oauth-protected-resource";

/**
 * The protected-resource metadata URLs to try, in order: the challenge's `resource_metadata`
 * alone when present, else the path-aware well-known URL (when the endpoint has a path) and then
 * the root one.
 */
export function protectedResourceMetadataUrls(serverUrl: URL, resourceMetadata?: string): URL[] {
  if (resourceMetadata) return [new URL(resourceMetadata, serverUrl)];
  const path = serverUrl.pathname.replace(/\/+$/, "");
  const urls: URL[] = [];
  if (path !== "") urls.push(new URL(`${PRM_SUFFIX}${path}`, serverUrl.origin));
  urls.push(new URL(PRM_SUFFIX, serverUrl.origin));
  return urls;
}

/**
 * The authorization-server metadata URLs to try for an issuer, in the specified order: for an
 * issuer with a path, RFC 8414 path insertion, OpenID path insertion, OpenID path appending; for
 * one without, RFC 8414 then OpenID.
 */
export function authorizationServerMetadataUrls(issuer: URL): URL[] {
  const path = issuer.pathname.replace(/\/+$/, "");
  if (path === "") {
    return [
      new URL("/.well-known/oauth-authorization-server", issuer.origin),
      new URL("/.well-known/openid-configuration", issuer.origin),
    ];
  }
  return [
    new URL(`/.well-known/oauth-authorization-server${path}`, issuer.origin),
    new URL(`/.well-known/openid-configuration${path}`, issuer.origin),
    new URL(`${path}/.well-known/openid-configuration`, issuer.origin),
  ];
}

/**
 * Whether a PRM `resource` names this MCP endpoint (RFC 9728 §3.3, §7.3): same origin, and its
 * path is the endpoint's path or a parent of it at a segment boundary (a root PRM names the whole
 * origin). Anything else means the metadata is for another resource: using it would send our
 * tokens' audience elsewhere.
 */
export function resourceMatchesServer(resource: string, serverUrl: URL): boolean {
  let parsed: URL;
  try {
    parsed = new URL(resource);
  } catch {
    return false;
  }
  if (parsed.origin !== serverUrl.origin || parsed.hash !== "") return false;
  const resourcePath = parsed.pathname.replace(/\/+$/, "");
  const serverPath = serverUrl.pathname.replace(/\/+$/, "");
  return resourcePath === "" || serverPath === resourcePath || serverPath.startsWith(`${resourcePath}/`);
}

/**
 * Finds the authorization server for an MCP endpoint: the protected-resource metadata (from the
 * challenge's `resource_metadata`, else the well-known URLs), checks its `resource` names this
 * endpoint, then reads the first (or selected) authorization server's metadata by RFC 8414 or
 * OpenID discovery and checks its `issuer` is exactly the one the PRM named.
 *
 * Metadata requests carry no credentials and follow redirects only within the same origin.
 *
 * @example
 * ```ts
 * const found = await discoverAuthorization({
 *   serverUrl: "https://mcp.example.com/mcp",
 *   wwwAuthenticate: 'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"',
 * });
 * console.log(found.authorizationServer.token_endpoint, found.resource);
 * ```
 */
export async function discoverAuthorization(
  options: DiscoverAuthorizationOptions,
): Promise<AuthorizationDiscovery> {
  const serverUrl = new URL(options.serverUrl);
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const allowInsecure = options.allowInsecureRequests === true;
  const challenge = bearerChallengeParams(options.wwwAuthenticate);

  const prm = await fetchProtectedResourceMetadata(
    fetchImpl,
    protectedResourceMetadataUrls(serverUrl, challenge.resource_metadata),
    allowInsecure,
    options.signal,
  );
  const resource = prm.metadata.resource;
  if (!resourceMatchesServer(resource, serverUrl)) {
    throw new AuthorizationDiscoveryError(
      `the protected-resource metadata at ${prm.url} is for resource ${resource}, not for ${serverUrl.href}: refused`,
      [prm.url],
    );
  }
  const issuers = prm.metadata.authorization_servers ?? [];
  if (issuers.length === 0) {
    throw new AuthorizationDiscoveryError(
      `the protected-resource metadata at ${prm.url} names no authorization_servers`,
      [prm.url],
    );
  }
  const issuer = options.selectAuthorizationServer?.(issuers) ?? (issuers[0] as string);
  const authorizationServer = await fetchAuthorizationServerMetadata(
    fetchImpl,
    issuer,
    allowInsecure,
    options.signal,
  );
  return {
    resource,
    resourceMetadata: prm.metadata,
    resourceMetadataUrl: prm.url,
    authorizationServer,
    ...(challenge.scope !== undefined ? { challengeScope: challenge.scope } : {}),
    ...(challenge.error !== undefined ? { challengeError: challenge.error } : {}),
  };
}

async function fetchProtectedResourceMetadata(
  fetchImpl: FetchLike,
  urls: readonly URL[],
  allowInsecure: boolean,
  signal: AbortSignal | undefined,
): Promise<{ metadata: ProtectedResourceMetadata; url: string }> {
  const tried: string[] = [];
  for (const url of urls) {
    tried.push(url.href);
    const response = await fetchMetadata(fetchImpl, url, allowInsecure, signal);
    if (response.status !== 200) {
      await response.body?.cancel();
      continue;
    }
    const body = await readJsonObject(response, url.href);
    if (typeof body.resource !== "string") {
      throw new AuthorizationDiscoveryError(
        `the protected-resource metadata at ${url.href} has no "resource" string`,
        [url.href],
      );
    }
    const servers = body.authorization_servers;
    if (servers !== undefined && (!Array.isArray(servers) || !servers.every((s) => typeof s === "string"))) {
      throw new AuthorizationDiscoveryError(
        `the protected-resource metadata at ${url.href} has an "authorization_servers" that is not an array of strings`,
        [url.href],
      );
    }
    return { metadata: body as ProtectedResourceMetadata, url: url.href };
  }
  throw new AuthorizationDiscoveryError(
    `no protected-resource metadata found (tried ${tried.join(", ")})`,
    tried,
  );
}

async function fetchAuthorizationServerMetadata(
  fetchImpl: FetchLike,
  issuer: string,
  allowInsecure: boolean,
  signal: AbortSignal | undefined,
): Promise<oauth.AuthorizationServer> {
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    throw new AuthorizationDiscoveryError(`authorization server ${JSON.stringify(issuer)} is not a URL`, []);
  }
  const tried: string[] = [];
  for (const url of authorizationServerMetadataUrls(issuerUrl)) {
    tried.push(url.href);
    const response = await fetchMetadata(fetchImpl, url, allowInsecure, signal);
    if (response.status !== 200) {
      await response.body?.cancel();
      continue;
    }
    const body = await readJsonObject(response, url.href);
    // The issuer must be identical, character for character, to the one the PRM named
    // (RFC 8414 §3.3): a document naming another issuer is never used, not even its endpoints.
    if (body.issuer !== issuer) {
      throw new AuthorizationDiscoveryError(
        `the authorization-server metadata at ${url.href} names issuer ${JSON.stringify(body.issuer)}, not ${JSON.stringify(issuer)}: refused`,
        [url.href],
      );
    }
    for (const field of ["authorization_endpoint", "token_endpoint", "registration_endpoint"]) {
      const value = body[field];
      if (value !== undefined && (typeof value !== "string" || !URL.canParse(value))) {
        throw new AuthorizationDiscoveryError(
          `the authorization-server metadata at ${url.href} has an invalid ${field}`,
          [url.href],
        );
      }
    }
    return body as unknown as oauth.AuthorizationServer;
  }
  throw new AuthorizationDiscoveryError(
    `no authorization-server metadata found for ${issuer} (tried ${tried.join(", ")})`,
    tried,
  );
}
