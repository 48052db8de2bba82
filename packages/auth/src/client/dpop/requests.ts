import type { AuthorizedRequest } from "@mcpkit/core";
import * as oauth from "oauth4webapi";
import type { DpopSigner } from "./signer.js";

/**
 * Sends a token-endpoint request with a DPoP proof (RFC 9449 §5) and answers the server's
 * `use_dpop_nonce` (§8) once: `send` makes the request with the given extra headers, `read` turns
 * the answer into the result (throwing oauth4webapi's errors). The nonce of every answer is kept;
 * a nonce refusal that brought a new nonce is sent again with it, once; anything else (or a second
 * refusal) is thrown as `read` threw it (a nonce refusal is recognized directly or as the `cause`
 * of the error `read` wrapped it in). Without `dpop`, it is `read(await send({}))`.
 *
 * @example
 * ```ts
 * declare const body: URLSearchParams;
 * // Throws oauth4webapi's errors, e.g. its processGenericTokenEndpointResponse.
 * declare function processTokenResponse(response: Response): Promise<{ access_token: string }>;
 *
 * const dpop = createDpopSigner();
 * const endpoint = "https://as.example.com/token";
 * const tokens = await sendWithDpop(
 *   dpop,
 *   endpoint,
 *   (headers) => fetch(endpoint, { method: "POST", headers, body }),
 *   processTokenResponse,
 * );
 * ```
 */
export async function sendWithDpop<T>(
  dpop: DpopSigner | undefined,
  endpoint: string,
  send: (headers: Record<string, string>) => Promise<Response>,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  if (dpop === undefined) return read(await send({}));
  for (let attempt = 1; ; attempt++) {
    const response = await send({ dpop: await dpop.proofFor("POST", endpoint) });
    const freshNonce = dpop.rememberNonce(endpoint, response.headers);
    try {
      return await read(response);
    } catch (error) {
      if (attempt === 1 && freshNonce && isNonceRefusal(error)) continue;
      throw error;
    }
  }
}

function isNonceRefusal(error: unknown): boolean {
  return oauth.isDPoPNonceError(error) || (error instanceof Error && oauth.isDPoPNonceError(error.cause));
}

/**
 * The credentials of one resource request: `Authorization: DPoP <token>` and a fresh proof bound
 * to the request and the token (RFC 9449 §7.1) when the token is DPoP-bound (`tokenType` "dpop",
 * any case) and a signer is given; `Authorization: Bearer <token>` otherwise.
 *
 * @example
 * ```ts
 * const headers = await accessTokenHeaders(
 *   { method: "POST", url: "https://mcp.example.com/mcp" },
 *   "the-access-token",
 *   "DPoP",
 *   createDpopSigner(),
 * ); // { authorization: "DPoP the-access-token", dpop: "eyJ..." }
 * ```
 */
export async function accessTokenHeaders(
  request: AuthorizedRequest,
  accessToken: string,
  tokenType: string,
  dpop: DpopSigner | undefined,
): Promise<Record<string, string>> {
  if (tokenType.toLowerCase() === "dpop" && dpop !== undefined) {
    return {
      authorization: `DPoP ${accessToken}`,
      dpop: await dpop.proofFor(request.method, request.url, accessToken),
    };
  }
  return { authorization: `Bearer ${accessToken}` };
}
