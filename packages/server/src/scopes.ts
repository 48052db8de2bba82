import { AuthenticationError, bearerChallenge } from "@mcpkit/core";
import type { ServerContext } from "./context.js";

/**
 * How the server words the challenges of its scope checks (see `ServerOptions.authorization`).
 *
 * @example
 * ```ts
 * const server = new Server(
 *   { name: "files", version: "1.0.0" },
 *   { authorization: { resourceMetadataUrl: "https://mcp.example.com/.well-known/oauth-protected-resource/mcp" } },
 * );
 * ```
 */
export interface AuthorizationOptions {
  /**
   * The protected-resource metadata URL (RFC 9728) named in the `resource_metadata` parameter of
   * the `WWW-Authenticate` challenge a failed scope check carries. Default: none (left out).
   */
  readonly resourceMetadataUrl?: string;
}

/**
 * Refuses the request unless its credentials grant every scope in `required`: without
 * credentials a 401, with too few scopes a 403 `insufficient_scope` whose challenge names the
 * scopes already granted plus the missing ones (so a step-up keeps what the client has).
 * `what` names the feature for the message, e.g. `tool "deploy"`.
 *
 * @example
 * ```ts
 * server.tool({ name: "deploy", inputSchema: { type: "object" } }, (_args, ctx) => {
 *   requireScopes(ctx, ["deploy"], 'tool "deploy"', { resourceMetadataUrl: "https://mcp.example.com/.well-known/oauth-protected-resource" });
 *   return { content: [{ type: "text", text: "deployed" }] };
 * });
 * ```
 */
export function requireScopes(
  ctx: Pick<ServerContext, "auth">,
  required: readonly string[] | undefined,
  what: string,
  options: AuthorizationOptions,
): void {
  if (required === undefined || required.length === 0) return;
  const { auth } = ctx;
  const resourceMetadata = options.resourceMetadataUrl;
  if (auth === undefined) {
    throw new AuthenticationError(401, "invalid_token", `${what} needs authorization`, {
      "www-authenticate": bearerChallenge({ scope: required, resourceMetadata }),
    });
  }
  const granted = auth.scopes ?? [];
  const missing = required.filter((scope) => !granted.includes(scope));
  if (missing.length === 0) return;
  const description = `${what} needs scope${missing.length === 1 ? "" : "s"} ${missing.join(" ")}`;
  throw new AuthenticationError(403, "insufficient_scope", description, {
    "www-authenticate": bearerChallenge({
      error: "insufficient_scope",
      scope: [...granted, ...missing],
      resourceMetadata,
      errorDescription: description,
    }),
  });
}
