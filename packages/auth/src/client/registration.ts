import type * as oauth from "oauth4webapi";
import { AuthorizationServerError } from "./errors.js";
import { assertAllowedUrl, type FetchLike } from "./fetch-policy.js";
import { readStored, type StoredClient, type TokenStore } from "./token-store.js";

/** How the client identifies itself to authorization servers. */
export interface ClientIdentity {
  /** A pre-registered client id (RFC 6749 §2): used as is, never registered. */
  readonly clientId?: string;
  /** Its secret, if it is a confidential client. */
  readonly clientSecret?: string;
  /** How it authenticates at the token endpoint (default: basic with a secret, none without). */
  readonly tokenEndpointAuthMethod?: "client_secret_basic" | "client_secret_post" | "none";
  /**
   * The issuer the pre-registered client belongs to: it is then used only there (and dynamic
   * registration or a metadata document elsewhere). Default: any authorization server.
   */
  readonly clientIssuer?: string;
  /**
   * An HTTPS URL serving this client's Client ID Metadata Document: used as the `client_id` where
   * the server advertises `client_id_metadata_document_supported`.
   */
  readonly clientMetadataUrl?: string;
  /** Dynamic registration metadata (RFC 7591): `client_name`, `client_uri`, `logo_uri`, ... */
  readonly clientMetadata?: Readonly<Record<string, unknown>>;
  /**
   * `native` (a desktop or CLI app, loopback or custom-scheme redirect) or `web`. Default: from
   * the redirect URL, `web` for an https URL on a non-loopback host, else `native`.
   */
  readonly applicationType?: "native" | "web";
}

/** What registration needs besides the identity. */
export interface RegistrationContext {
  readonly redirectUrl: string;
  readonly store: TokenStore;
  readonly fetch: FetchLike;
  readonly allowInsecureRequests: boolean;
}

const clientKey = (issuer: string) => `client ${issuer}`;

/**
 * The client credentials to use at `as`, in the specified order: the pre-registered client
 * (when it belongs to this issuer), credentials stored for this issuer, the Client ID Metadata
 * Document URL (where the server supports it), else dynamic registration, whose answer is
 * stored under the issuer. Credentials of one issuer are never offered to another.
 */
export async function clientFor(
  as: oauth.AuthorizationServer,
  identity: ClientIdentity,
  context: RegistrationContext,
): Promise<StoredClient> {
  if (
    identity.clientId !== undefined &&
    (identity.clientIssuer === undefined || identity.clientIssuer === as.issuer)
  ) {
    return {
      client_id: identity.clientId,
      ...(identity.clientSecret !== undefined ? { client_secret: identity.clientSecret } : {}),
      ...(identity.tokenEndpointAuthMethod !== undefined
        ? { token_endpoint_auth_method: identity.tokenEndpointAuthMethod }
        : {}),
    };
  }
  const stored = await readStored<StoredClient>(context.store, clientKey(as.issuer));
  if (stored?.client_id) return stored;
  if (identity.clientMetadataUrl !== undefined && as.client_id_metadata_document_supported === true) {
    return { client_id: identity.clientMetadataUrl, token_endpoint_auth_method: "none" };
  }
  if (as.registration_endpoint === undefined) {
    throw new AuthorizationServerError(
      `the authorization server ${as.issuer} offers no dynamic registration (no registration_endpoint) and no client id is configured for it (clientId, or clientMetadataUrl where client_id_metadata_document_supported)`,
    );
  }
  const registered = await register(as, as.registration_endpoint, identity, context);
  await context.store.set(clientKey(as.issuer), JSON.stringify(registered));
  return registered;
}

function applicationTypeOf(redirectUrl: string): "native" | "web" {
  const url = new URL(redirectUrl);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return url.protocol === "https:" && !loopback ? "web" : "native";
}

/** RFC 7591 dynamic client registration. */
async function register(
  as: oauth.AuthorizationServer,
  endpoint: string,
  identity: ClientIdentity,
  context: RegistrationContext,
): Promise<StoredClient> {
  const url = new URL(endpoint);
  assertAllowedUrl(url, context.allowInsecureRequests, "registration endpoint");
  const supported = as.token_endpoint_auth_methods_supported;
  const method =
    identity.tokenEndpointAuthMethod ??
    (supported === undefined || supported.includes("none")
      ? "none"
      : supported.includes("client_secret_basic")
        ? "client_secret_basic"
        : "client_secret_post");
  const metadata = {
    client_name: "MCP client",
    ...identity.clientMetadata,
    redirect_uris: [context.redirectUrl],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: method,
    application_type: identity.applicationType ?? applicationTypeOf(context.redirectUrl),
    // No `scope`: an authorization server may take the registered scope as the most the client
    // may ever ask for, which would make every later step-up fail with invalid_scope.
  };
  let response: Response;
  try {
    response = await context.fetch(url.href, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(metadata),
      redirect: "manual",
    });
  } catch (error) {
    throw new AuthorizationServerError(
      `cannot reach the registration endpoint ${url.href}: ${(error as Error).message}`,
      undefined,
      { cause: error },
    );
  }
  const text = await response.text();
  let body: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
      body = parsed as Record<string, unknown>;
    }
  } catch {
    // Reported below.
  }
  if (response.status !== 200 && response.status !== 201) {
    const error = typeof body?.error === "string" ? body.error : undefined;
    const description = typeof body?.error_description === "string" ? ` (${body.error_description})` : "";
    throw new AuthorizationServerError(
      `the registration endpoint ${url.href} refused the registration: HTTP ${response.status}${error ? ` ${error}` : ""}${description}`,
      error,
    );
  }
  if (typeof body?.client_id !== "string") {
    throw new AuthorizationServerError(
      `the registration endpoint ${url.href} answered without a client_id: ${JSON.stringify(text.slice(0, 80))}`,
    );
  }
  return {
    client_id: body.client_id,
    ...(typeof body.client_secret === "string" ? { client_secret: body.client_secret } : {}),
    ...(typeof body.token_endpoint_auth_method === "string"
      ? { token_endpoint_auth_method: body.token_endpoint_auth_method }
      : {}),
  };
}
