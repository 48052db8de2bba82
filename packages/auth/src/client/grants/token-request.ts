import * as oauth from "oauth4webapi";
import { sendWithDpop } from "../dpop/requests.js";
import type { DpopSigner } from "../dpop/signer.js";
import { type FetchLike, isLoopbackUrl } from "../fetch-policy.js";
import { type ClientCredentials, resolveClientAuth } from "./client-authentication.js";
import { TokenRequestError } from "./errors.js";

/** An access token a grant obtained. */
export interface TokenSet {
  readonly accessToken: string;
  /** Lower-cased: `bearer`, `dpop` (or `n_a` for an RFC 8693 exchange result). */
  readonly tokenType: string;
  /** When the token expires, milliseconds since the epoch (from `expires_in`), if the server said. */
  readonly expiresAt: number | undefined;
  /** The granted scope, if the server said. */
  readonly scope: string | undefined;
  /** RFC 8693 `issued_token_type`, for a token exchange. */
  readonly issuedTokenType: string | undefined;
}

/** What {@link requestToken} sends. */
export interface TokenRequest {
  /** The authorization server's metadata (at least `issuer` and `token_endpoint`). */
  readonly authorizationServer: oauth.AuthorizationServer;
  /** `client_credentials`, `urn:ietf:params:oauth:grant-type:jwt-bearer`, ... */
  readonly grantType: string;
  /** The grant's parameters (`scope`, `resource`, `assertion`, ...); empty values are left out. */
  readonly parameters: Readonly<Record<string, string | undefined>>;
  /** How the client authenticates; none at all when absent. */
  readonly client?: ClientCredentials | undefined;
  /** Sends a DPoP proof and answers one `use_dpop_nonce` challenge with the server's nonce. */
  readonly dpop?: DpopSigner | undefined;
  readonly fetch?: FetchLike | undefined;
  /** Allow an `http:` token endpoint on a non-loopback host (default false). */
  readonly allowInsecureRequests?: boolean | undefined;
  /** Token types accepted besides `bearer` and `dpop` (lower-case), e.g. `n_a`. */
  readonly acceptTokenTypes?: readonly string[] | undefined;
  /** The clock, milliseconds since the epoch; default `Date.now`. */
  readonly now?: (() => number) | undefined;
}

/**
 * Sends one token request (oauth4webapi's generic token endpoint request) and returns the token.
 * With `dpop`, the request carries a proof; a `use_dpop_nonce` answer (RFC 9449 §8) that brings a
 * new nonce is retried once with it, and never more ({@link sendWithDpop}). Anything else the server refuses is a
 * {@link TokenRequestError} naming the endpoint and the OAuth error.
 *
 * @example
 * ```ts
 * const token = await requestToken({
 *   authorizationServer: { issuer: "https://as.example.com", token_endpoint: "https://as.example.com/token" },
 *   grantType: "client_credentials",
 *   parameters: { scope: "mcp:read", resource: "https://mcp.example.com/mcp" },
 *   client: { clientId: "svc", clientSecret: "s3cret" },
 * });
 * console.log(token.accessToken, token.expiresAt);
 * ```
 */
export async function requestToken(request: TokenRequest): Promise<TokenSet> {
  const { authorizationServer: as } = request;
  const endpoint = as.token_endpoint;
  if (endpoint === undefined || !URL.canParse(endpoint)) {
    throw new TokenRequestError(`authorization server ${as.issuer} has no valid token_endpoint`, {
      endpoint: endpoint ?? "",
    });
  }
  const { client, authenticate } = await resolveClientAuth(request.client, as);
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(request.parameters)) {
    if (value !== undefined && value !== "") parameters.set(name, value);
  }
  const options: oauth.TokenEndpointRequestOptions = {
    [oauth.allowInsecureRequests]: request.allowInsecureRequests === true || isLoopbackUrl(new URL(endpoint)),
  };
  if (request.fetch !== undefined) options[oauth.customFetch] = request.fetch;
  const recognizedTokenTypes = Object.fromEntries(
    (request.acceptTokenTypes ?? []).map((type) => [type.toLowerCase(), () => {}]),
  ) as oauth.RecognizedTokenTypes;

  const now = request.now ?? Date.now;
  let status = 0;
  try {
    return await sendWithDpop(
      request.dpop,
      endpoint,
      async (headers) => {
        try {
          const response = await oauth.genericTokenEndpointRequest(
            as,
            client,
            authenticate,
            request.grantType,
            parameters,
            { ...options, headers },
          );
          status = response.status;
          return response;
        } catch (error) {
          throw new TokenRequestError(`token request to ${endpoint} failed: ${messageOf(error)}`, {
            endpoint,
            cause: error,
          });
        }
      },
      async (response) =>
        toTokenSet(
          await oauth.processGenericTokenEndpointResponse(as, client, response, { recognizedTokenTypes }),
          now,
        ),
    );
  } catch (error) {
    if (error instanceof TokenRequestError) throw error;
    throw tokenError(error, endpoint, status);
  }
}

function toTokenSet(body: oauth.TokenEndpointResponse, now: () => number): TokenSet {
  return {
    accessToken: body.access_token,
    tokenType: body.token_type,
    expiresAt: typeof body.expires_in === "number" ? now() + body.expires_in * 1000 : undefined,
    scope: body.scope,
    issuedTokenType: typeof body.issued_token_type === "string" ? body.issued_token_type : undefined,
  };
}

function tokenError(error: unknown, endpoint: string, status: number): TokenRequestError {
  if (error instanceof oauth.ResponseBodyError) {
    const description = error.error_description;
    return new TokenRequestError(
      `token endpoint ${endpoint} refused the request: ${error.error}${description ? ` (${description})` : ""}`,
      {
        endpoint,
        error: error.error,
        responseStatus: error.status,
        cause: error,
        ...(description ? { description } : {}),
      },
    );
  }
  return new TokenRequestError(
    `token endpoint ${endpoint} answered HTTP ${status} without a usable token response: ${messageOf(error)}`,
    { endpoint, responseStatus: status, cause: error },
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
