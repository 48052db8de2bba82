import { type CryptoKey, importPKCS8 } from "jose";
import * as oauth from "oauth4webapi";

/** How a client authenticates at a token endpoint with a shared secret (RFC 6749 §2.3.1). */
export interface ClientSecretCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  /**
   * `client_secret_basic` (HTTP Basic) or `client_secret_post` (form body). Default: basic,
   * unless the server's `token_endpoint_auth_methods_supported` lists post and not basic.
   */
  readonly method?: "client_secret_basic" | "client_secret_post";
}

/** The JWS algorithms a `private_key_jwt` assertion may be signed with. */
export type PrivateKeyJwtAlgorithm = "ES256" | "ES384" | "ES512" | "PS256" | "RS256" | "EdDSA";

/** How a client authenticates with a signed JWT assertion (`private_key_jwt`, RFC 7523 §2.2). */
export interface PrivateKeyJwtCredentials {
  readonly clientId: string;
  /** A WebCrypto private key, or a PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`). */
  readonly privateKey: CryptoKey | string;
  /** The algorithm to sign with; default `ES256` (needed to import a PEM). */
  readonly algorithm?: PrivateKeyJwtAlgorithm;
  /** The `kid` header, when the server holds several of the client's keys. */
  readonly keyId?: string;
  readonly method?: "private_key_jwt";
}

/** A public client: only `client_id` is sent (`none`). */
export interface PublicClientCredentials {
  readonly clientId: string;
  readonly method?: "none";
}

/**
 * How a client authenticates at an authorization server's token endpoint: a secret (basic or
 * post), a private key (`private_key_jwt`), or none (public client). The assertion of
 * `private_key_jwt` has `iss` = `sub` = the client id, `aud` = the server's issuer, a 60 s
 * lifetime and a random `jti` (oauth4webapi signs it).
 */
export type ClientCredentials = ClientSecretCredentials | PrivateKeyJwtCredentials | PublicClientCredentials;

/** The token endpoint authentication method names (RFC 7591 `token_endpoint_auth_method`). */
export type TokenEndpointAuthMethod =
  | "client_secret_basic"
  | "client_secret_post"
  | "private_key_jwt"
  | "none";

/**
 * The method `credentials` will use at a server with `metadata`.
 *
 * @example
 * ```ts
 * authMethodFor({ clientId: "svc", clientSecret: "s" }, { token_endpoint_auth_methods_supported: ["client_secret_post"] });
 * // "client_secret_post"
 * ```
 */
export function authMethodFor(
  credentials: ClientCredentials,
  metadata: Pick<oauth.AuthorizationServer, "token_endpoint_auth_methods_supported">,
): TokenEndpointAuthMethod {
  if ("clientSecret" in credentials) {
    if (credentials.method !== undefined) return credentials.method;
    const supported = metadata.token_endpoint_auth_methods_supported;
    // RFC 8414 §2: an absent list means client_secret_basic.
    if (supported?.includes("client_secret_post") && !supported.includes("client_secret_basic")) {
      return "client_secret_post";
    }
    return "client_secret_basic";
  }
  if ("privateKey" in credentials) return "private_key_jwt";
  return "none";
}

/** oauth4webapi's client record and authentication for `credentials` at a server. */
export interface ResolvedClientAuth {
  readonly client: oauth.Client;
  readonly authenticate: oauth.ClientAuth;
  readonly method: TokenEndpointAuthMethod;
}

const importedKeys = new WeakMap<PrivateKeyJwtCredentials, Promise<CryptoKey>>();

/**
 * Resolves `credentials` (or no client authentication at all, for a grant where the assertion
 * is the only credential) into what oauth4webapi's token requests take.
 */
export async function resolveClientAuth(
  credentials: ClientCredentials | undefined,
  metadata: oauth.AuthorizationServer,
): Promise<ResolvedClientAuth> {
  if (credentials === undefined) {
    // RFC 7523 §2.1: client authentication is optional with an assertion grant. oauth4webapi
    // wants a client record; this id is never sent (the authentication adds nothing to the request).
    return { client: { client_id: "unauthenticated-client" }, authenticate: () => {}, method: "none" };
  }
  const client: oauth.Client = { client_id: credentials.clientId };
  const method = authMethodFor(credentials, metadata);
  switch (method) {
    case "client_secret_basic":
      return {
        client,
        method,
        authenticate: clientSecretBasic((credentials as ClientSecretCredentials).clientSecret),
      };
    case "client_secret_post":
      return {
        client,
        method,
        authenticate: oauth.ClientSecretPost((credentials as ClientSecretCredentials).clientSecret),
      };
    case "private_key_jwt": {
      const jwt = credentials as PrivateKeyJwtCredentials;
      const key = await privateKeyOf(jwt);
      const authenticate = oauth.PrivateKeyJwt(jwt.keyId === undefined ? key : { key, kid: jwt.keyId });
      return { client, method, authenticate };
    }
    case "none":
      return { client, method, authenticate: oauth.None() };
  }
}

/**
 * `client_secret_basic` (RFC 6749 §2.3.1): id and secret form-urlencoded, then HTTP Basic. The
 * WHATWG form serializer leaves `-`, `.`, `_` and `*` as they are (oauth4webapi's helper escapes
 * them too, which is legal but breaks the many servers that compare the decoded Basic value
 * without form-decoding it, e.g. for ids like `my-service`).
 */
function clientSecretBasic(clientSecret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    const credentials = `${formEncode(client.client_id)}:${formEncode(clientSecret)}`;
    headers.set("authorization", `Basic ${btoa(credentials)}`);
  };
}

function formEncode(value: string): string {
  return new URLSearchParams([["", value]]).toString().slice(1);
}

function privateKeyOf(credentials: PrivateKeyJwtCredentials): Promise<CryptoKey> {
  if (typeof credentials.privateKey !== "string") return Promise.resolve(credentials.privateKey);
  let imported = importedKeys.get(credentials);
  if (imported === undefined) {
    imported = importPKCS8(credentials.privateKey, credentials.algorithm ?? "ES256");
    importedKeys.set(credentials, imported);
  }
  return imported;
}
