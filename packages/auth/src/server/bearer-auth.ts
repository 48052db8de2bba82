import { AuthenticationError, type Authenticate, type AuthInfo, bearerChallenge } from "@mcpkit/core";
import { type DpopOptions, verifyDpopProof } from "./dpop.js";
import { DpopReplayCache } from "./dpop-replay.js";
import type { TokenVerifier } from "./verifier.js";

/** Options of {@link bearerAuth}. */
export interface BearerAuthOptions {
  /** Checks each token: `jwtVerifier(...)`, `introspectionVerifier(...)` or your own. */
  readonly verifier: TokenVerifier;
  /**
   * This resource's protected-resource metadata URL (RFC 9728), named in every challenge so
   * clients find the authorization server: `protectedResourceMetadataUrl(resource)`.
   */
  readonly resourceMetadataUrl: string;
  /** Scopes every request needs (403 `insufficient_scope` otherwise); also named in the 401 challenge. Default none. */
  readonly requiredScopes?: readonly string[];
  /** Let requests without credentials through anonymously (handlers then check `ctx.auth`). Default false. */
  readonly allowAnonymous?: boolean;
  /**
   * DPoP-bound tokens (RFC 9449; a token whose claims have `cnf.jkt`): they must come as
   * `Authorization: DPoP` with a valid `DPoP` proof. Settings for the proof checks, or `false`
   * to refuse every DPoP-bound token. Default: checked with the defaults of {@link DpopOptions}.
   */
  readonly dpop?: DpopOptions | false;
}

/** The access token and how it came: `Authorization: Bearer <token>` or `Authorization: DPoP <token>`. */
function credentials(
  authorization: string | undefined,
): { scheme: "bearer" | "dpop"; token: string } | undefined {
  if (authorization === undefined) return undefined;
  const match = /^(Bearer|DPoP)[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(authorization);
  if (!match) return undefined;
  return { scheme: (match[1] as string).toLowerCase() as "bearer" | "dpop", token: match[2] as string };
}

function jktOf(info: AuthInfo): string | undefined {
  const cnf = info.claims?.cnf;
  if (typeof cnf !== "object" || cnf === null) return undefined;
  const jkt = (cnf as Record<string, unknown>).jkt;
  return typeof jkt === "string" ? jkt : undefined;
}

/**
 * The `authenticate` hook of a protected MCP server (an OAuth 2.1 resource server): reads the
 * access token from `Authorization: Bearer` (or `DPoP`), verifies it with `verifier`, checks the
 * DPoP proof of a DPoP-bound token and the required scopes, and returns the identity. Refusals
 * follow RFC 6750 and RFC 9728: no or unreadable credentials get 401 with
 * `WWW-Authenticate: Bearer resource_metadata="…"` (and `scope`), a refused token the same with
 * `error="invalid_token"`, missing scopes 403 `insufficient_scope` naming them.
 *
 * @example
 * ```ts
 * const resource = "https://mcp.example.com/mcp";
 * const authenticate = bearerAuth({
 *   verifier: jwtVerifier({ issuer: "https://auth.example.com", jwksUri: "https://auth.example.com/jwks", audience: resource }),
 *   resourceMetadataUrl: protectedResourceMetadataUrl(resource),
 *   requiredScopes: ["mcp"],
 * });
 * createStreamableHttpHandler({ onSession: (t) => server.connect(t), authenticate });
 * ```
 */
export function bearerAuth(options: BearerAuthOptions): Authenticate {
  const { verifier, resourceMetadataUrl: resourceMetadata, requiredScopes = [] } = options;
  const dpop = options.dpop === false ? undefined : (options.dpop ?? {});
  const replay = dpop?.replay ?? new DpopReplayCache();
  const scope = requiredScopes.length > 0 ? requiredScopes : undefined;
  const unauthorized = (description: string, error?: string) =>
    new AuthenticationError(401, error ?? "invalid_token", description, {
      "www-authenticate": bearerChallenge({
        ...(error === undefined ? {} : { error, errorDescription: description }),
        scope,
        resourceMetadata,
      }),
    });

  return async (request) => {
    const presented = credentials(request.headers.authorization);
    if (!presented) {
      if (request.headers.authorization === undefined && options.allowAnonymous) return undefined;
      const why =
        request.headers.authorization === undefined
          ? "this resource needs an access token (Authorization: Bearer)"
          : "the Authorization header is not a Bearer or DPoP token";
      throw unauthorized(why);
    }
    let info: AuthInfo;
    try {
      info = await verifier.verify(presented.token, request);
    } catch (error) {
      if (error instanceof AuthenticationError && !("www-authenticate" in error.headers)) {
        throw unauthorized(error.message, error.error);
      }
      throw error;
    }
    if (info.expiresAt !== undefined && info.expiresAt * 1000 <= Date.now()) {
      throw unauthorized("the token has expired", "invalid_token");
    }
    const jkt = jktOf(info);
    if (jkt !== undefined || presented.scheme === "dpop") {
      if (!dpop) throw unauthorized("this resource does not accept DPoP-bound tokens", "invalid_token");
      if (jkt === undefined)
        throw unauthorized("the token is not DPoP-bound; send it as Bearer", "invalid_token");
      if (presented.scheme !== "dpop") {
        throw unauthorized(
          "the token is DPoP-bound: send it as Authorization: DPoP with a DPoP proof",
          "invalid_token",
        );
      }
      const proof = request.headers.dpop;
      if (proof === undefined || proof.includes(",")) {
        throw new AuthenticationError(
          401,
          "invalid_dpop_proof",
          "a DPoP-bound token needs exactly one DPoP proof",
          {
            "www-authenticate": `DPoP error="invalid_dpop_proof", error_description="a DPoP-bound token needs exactly one DPoP proof"`,
            ...(dpop.nonces ? { "dpop-nonce": dpop.nonces.nonce() } : {}),
          },
        );
      }
      await verifyDpopProof(
        { proof, method: request.method, url: request.url, accessToken: presented.token, jkt },
        dpop,
        replay,
      );
    }
    const granted = info.scopes ?? [];
    const missing = requiredScopes.filter((s) => !granted.includes(s));
    if (missing.length > 0) {
      const description = `this resource needs scope${missing.length === 1 ? "" : "s"} ${missing.join(" ")}`;
      throw new AuthenticationError(403, "insufficient_scope", description, {
        "www-authenticate": bearerChallenge({
          error: "insufficient_scope",
          errorDescription: description,
          scope: [...granted, ...missing],
          resourceMetadata,
        }),
      });
    }
    return info;
  };
}
