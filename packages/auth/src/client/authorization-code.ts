import * as oauth from "oauth4webapi";
import { sendWithDpop } from "./dpop/requests.js";
import type { DpopSigner } from "./dpop/signer.js";
import { AuthorizationServerError } from "./errors.js";
import { assertAllowedUrl } from "./fetch-policy.js";
import {
  clientAuthentication,
  type EndpointPolicy,
  readTokenResponse,
  requestOptions,
} from "./token-endpoint.js";
import type { StoredClient, StoredTokens } from "./token-store.js";

/**
 * Sends the user to the authorization URL and resolves with the URL the authorization server
 * redirected back to (the `redirectUrl` with `code`, `state`, maybe `iss`, or an `error`). A
 * browser app navigates; a CLI opens a browser and listens on loopback (`@mcpkit/auth/node`);
 * a test follows the redirect with a plain fetch.
 */
export type AuthorizationRedirect = (authorizationUrl: URL) => Promise<string | URL>;

/** One authorization code flow's inputs. */
export interface AuthorizationCodeRequest {
  readonly as: oauth.AuthorizationServer;
  readonly client: StoredClient;
  readonly redirectUrl: string;
  readonly resource: string;
  readonly scope: string | undefined;
  readonly redirect: AuthorizationRedirect;
  readonly policy: EndpointPolicy;
  /** Binds the token to this DPoP key: a proof on the token request, one nonce retry (RFC 9449 §5, §8). */
  readonly dpop?: DpopSigner | undefined;
}

/**
 * Runs the authorization code flow with PKCE (S256, refused when the server does not advertise
 * it), `state`, the RFC 8707 `resource` on both requests, and the RFC 9207 `iss` check (an `iss`
 * present is compared exactly with the recorded issuer; absent, it is required only when the
 * server advertises `authorization_response_iss_parameter_supported`) before the code goes to
 * the token endpoint.
 */
export async function authorizationCodeFlow(request: AuthorizationCodeRequest): Promise<StoredTokens> {
  const { as, client, resource, scope } = request;
  if (!as.code_challenge_methods_supported?.includes("S256")) {
    throw new AuthorizationServerError(
      `the authorization server ${as.issuer} does not advertise PKCE S256 (code_challenge_methods_supported: ${JSON.stringify(as.code_challenge_methods_supported ?? null)}); refusing to authorize without it`,
    );
  }
  if (as.authorization_endpoint === undefined) {
    throw new AuthorizationServerError(`the authorization server ${as.issuer} has no authorization_endpoint`);
  }
  const endpoint = new URL(as.authorization_endpoint);
  assertAllowedUrl(endpoint, request.policy.allowInsecureRequests, "authorization endpoint");
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authorizationUrl = new URL(endpoint);
  const query = authorizationUrl.searchParams;
  query.set("response_type", "code");
  query.set("client_id", client.client_id);
  query.set("redirect_uri", request.redirectUrl);
  query.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
  query.set("code_challenge_method", "S256");
  query.set("state", state);
  query.set("resource", resource);
  if (scope !== undefined) query.set("scope", scope);

  const callback = new URL(await request.redirect(authorizationUrl));
  const oauthClient: oauth.Client = { client_id: client.client_id };
  let parameters: URLSearchParams;
  try {
    parameters = oauth.validateAuthResponse(as, oauthClient, callback, state);
  } catch (error) {
    throw authorizationResponseError(as, error);
  }
  const options = requestOptions(as.token_endpoint, request.policy, "token endpoint");
  return sendWithDpop(
    request.dpop,
    as.token_endpoint as string,
    async (headers) => {
      try {
        return await oauth.authorizationCodeGrantRequest(
          as,
          oauthClient,
          clientAuthentication(client, as),
          parameters,
          request.redirectUrl,
          verifier,
          { ...options, headers, additionalParameters: { resource } },
        );
      } catch (error) {
        throw new AuthorizationServerError(
          `cannot reach the token endpoint ${as.token_endpoint}: ${(error as Error).message}`,
          undefined,
          { cause: error },
        );
      }
    },
    (response) =>
      readTokenResponse(
        as,
        oauthClient,
        response,
        (a, c, r) => oauth.processAuthorizationCodeResponse(a, c, r),
        {
          issuer: as.issuer,
          resource,
          scope,
        },
      ),
  );
}

/** The error for an authorization response that failed validation (iss, state, or an OAuth error). */
function authorizationResponseError(as: oauth.AuthorizationServer, error: unknown): AuthorizationServerError {
  // Only reached when iss (if any) matched: oauth4webapi checks iss before reading `error`.
  if (error instanceof oauth.AuthorizationResponseError) {
    return new AuthorizationServerError(
      `the authorization server ${as.issuer} refused the authorization: ${error.error}${error.error_description ? ` (${error.error_description})` : ""}`,
      error.error,
      { cause: error },
    );
  }
  const message = (error as Error).message;
  if (/"iss"/.test(message)) {
    return new AuthorizationServerError(
      `the authorization response failed the RFC 9207 issuer check against ${as.issuer}: ${message}; the code was not used`,
      undefined,
      { cause: error },
    );
  }
  return new AuthorizationServerError(`the authorization response is not acceptable: ${message}`, undefined, {
    cause: error,
  });
}
