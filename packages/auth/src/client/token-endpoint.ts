import * as oauth from "oauth4webapi";
import { AuthorizationServerError } from "./errors.js";
import { assertAllowedUrl, type FetchLike } from "./fetch-policy.js";
import type { StoredClient, StoredTokens } from "./token-store.js";

/** How the client talks to an authorization server's endpoints. */
export interface EndpointPolicy {
  readonly fetch?: FetchLike;
  readonly allowInsecureRequests: boolean;
}

/** The oauth4webapi request options for a call to `endpoint` under `policy`. */
export function requestOptions(
  endpoint: string | undefined,
  policy: EndpointPolicy,
  what: string,
): oauth.HttpRequestOptions<"POST", URLSearchParams> {
  if (endpoint === undefined) {
    throw new AuthorizationServerError(`the authorization server metadata has no ${what}`);
  }
  const url = new URL(endpoint);
  assertAllowedUrl(url, policy.allowInsecureRequests, what);
  const options: oauth.HttpRequestOptions<"POST", URLSearchParams> = {};
  // Plain http is allowed only where assertAllowedUrl let it through (loopback, or opted in).
  if (url.protocol === "http:") options[oauth.allowInsecureRequests] = true;
  const fetchImpl = policy.fetch;
  if (fetchImpl) options[oauth.customFetch] = (input, init) => fetchImpl(input, init as RequestInit);
  return options;
}

/** The oauth4webapi client authentication for stored credentials and the server's methods. */
export function clientAuthentication(client: StoredClient, as: oauth.AuthorizationServer): oauth.ClientAuth {
  const secret = client.client_secret;
  if (secret === undefined) return oauth.None();
  const method =
    client.token_endpoint_auth_method ?? pickSecretMethod(as.token_endpoint_auth_methods_supported);
  if (method === "client_secret_post") return oauth.ClientSecretPost(secret);
  if (method === "none") return oauth.None();
  return secretBasic(secret);
}

/** One credential as application/x-www-form-urlencoded (WHATWG): `-`, `.`, `_`, `*` stay as they are. */
function formEncoded(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/**
 * `client_secret_basic` (RFC 6749 §2.3.1): id and secret form-encoded, then Base64. Encoded the
 * WHATWG way rather than oauth4webapi's stricter one, which also escapes `-`, `.` and `_`: servers
 * that decode read both the same, and the many that do not decode still recognise the usual ids
 * (`pre-registered-client`).
 */
function secretBasic(secret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    const pair = `${formEncoded(client.client_id)}:${formEncoded(secret)}`;
    const bytes = new TextEncoder().encode(pair);
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    headers.set("authorization", `Basic ${btoa(binary)}`);
  };
}

/** With a secret and no registered method: basic when allowed (the RFC default), else post, else none. */
function pickSecretMethod(supported: readonly string[] | undefined): string {
  if (supported === undefined || supported.includes("client_secret_basic")) return "client_secret_basic";
  if (supported.includes("client_secret_post")) return "client_secret_post";
  return "none";
}

/**
 * Turns a token endpoint answer into stored tokens, or a clear error: an HTML (or other non-JSON)
 * page is named as such, an OAuth error gives its code and description.
 */
export async function readTokenResponse(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  response: Response,
  process: (
    as: oauth.AuthorizationServer,
    client: oauth.Client,
    response: Response,
  ) => Promise<oauth.TokenEndpointResponse>,
  stored: { issuer: string; resource: string; scope?: string | undefined },
  previousRefreshToken?: string,
): Promise<StoredTokens> {
  const endpoint = as.token_endpoint ?? "the token endpoint";
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/json" && !type.endsWith("+json")) {
    const body = await response.text().catch(() => "");
    throw new AuthorizationServerError(
      `the token endpoint ${endpoint} answered HTTP ${response.status} with ${type || "no content type"}, not JSON: ${JSON.stringify(body.slice(0, 80))}`,
    );
  }
  let result: oauth.TokenEndpointResponse;
  try {
    result = await process(as, client, response);
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) {
      throw new AuthorizationServerError(
        `the token endpoint ${endpoint} refused: ${error.error}${error.error_description ? ` (${error.error_description})` : ""}`,
        error.error,
        { cause: error },
      );
    }
    throw new AuthorizationServerError(
      `the token endpoint ${endpoint} answered something unusable: ${(error as Error).message}`,
      undefined,
      { cause: error },
    );
  }
  const refresh = result.refresh_token ?? previousRefreshToken;
  return {
    access_token: result.access_token,
    token_type: result.token_type,
    ...(refresh !== undefined ? { refresh_token: refresh } : {}),
    ...(typeof result.expires_in === "number" ? { expires_at: Date.now() + result.expires_in * 1000 } : {}),
    ...(stored.scope !== undefined ? { scope: stored.scope } : {}),
    issuer: stored.issuer,
    resource: stored.resource,
  };
}
