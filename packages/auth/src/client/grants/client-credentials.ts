import type { ClientSecretCredentials, PrivateKeyJwtCredentials } from "./client-authentication.js";
import { GrantAuthProvider, type GrantProviderOptions, type TokenGrant } from "./grant-provider.js";
import { requestToken } from "./token-request.js";

/** Options of {@link ClientCredentialsProvider}. */
export interface ClientCredentialsProviderOptions extends GrantProviderOptions {
  /** The client's secret (`client_secret_basic`/`_post`) or private key (`private_key_jwt`). */
  readonly client: ClientSecretCredentials | PrivateKeyJwtCredentials;
}

/**
 * The `client_credentials` grant (RFC 6749 §4.4; MCP's `io.modelcontextprotocol/oauth-client-credentials`
 * extension, SEP-1046): `scope` and the RFC 8707 `resource` (the server's protected-resource
 * `resource`), the client authenticated as `client` says.
 */
export function clientCredentialsGrant(client: ClientCredentialsProviderOptions["client"]): TokenGrant {
  return (context) =>
    requestToken({
      authorizationServer: context.discovery.authorizationServer,
      grantType: "client_credentials",
      parameters: { scope: context.scope, resource: context.discovery.resource },
      client,
      dpop: context.dpop,
      fetch: context.fetch,
      allowInsecureRequests: context.allowInsecureRequests,
      now: context.now,
    });
}

/**
 * Machine-to-machine access to an MCP server: the client authenticates with its own credentials
 * and gets a token without a user (OAuth client credentials). Discovery runs on the server's
 * first 401; an expired token is simply requested again.
 *
 * @example
 * ```ts
 * const authProvider = new ClientCredentialsProvider({
 *   serverUrl: "https://mcp.example.com/mcp",
 *   client: { clientId: "reporting-job", clientSecret: process.env.MCP_CLIENT_SECRET ?? "" },
 * });
 * const transport = new HttpClientTransport("https://mcp.example.com/mcp", { authProvider });
 * ```
 *
 * With a key instead of a secret (`private_key_jwt`, the recommended form):
 * ```ts
 * declare const pkcs8Pem: string;
 * new ClientCredentialsProvider({
 *   serverUrl: "https://mcp.example.com/mcp",
 *   client: { clientId: "reporting-job", privateKey: pkcs8Pem, algorithm: "ES256" },
 * });
 * ```
 */
export class ClientCredentialsProvider extends GrantAuthProvider {
  constructor(options: ClientCredentialsProviderOptions) {
    super(clientCredentialsGrant(options.client), options);
  }
}
