import {
  ClientCredentialsProvider,
  createDpopSigner,
  EnterpriseManagedAuthProvider,
  JwtBearerProvider,
  OAuthClientProvider,
  type PrivateKeyJwtAlgorithm,
} from "@mcpkit/auth";
import type { ClientAuthProvider } from "@mcpkit/core";
import { type Scenario, type ScenarioRun, ScenarioError } from "../scenario.js";
import { followAuthorization } from "./auth.js";

/**
 * The official suite's client scenarios for the authorization extensions (run with
 * `--suite extensions`): each builds one of @mcpkit/auth's non-interactive providers from
 * MCP_CONFORMANCE_CONTEXT and connects through it; the server's 401 starts discovery and the
 * grant, and the scenario lists (and calls) the tools with the token.
 */

/** A string the harness put in MCP_CONFORMANCE_CONTEXT, or the scenario's premise fails. */
function contextString(run: ScenarioRun, key: string): string {
  const value = run.context[key];
  if (typeof value !== "string" || value === "") {
    throw new ScenarioError(`MCP_CONFORMANCE_CONTEXT has no "${key}" string`);
  }
  return value;
}

function serverUrl(run: ScenarioRun): string {
  if (run.target.url === undefined) throw new ScenarioError(`${run.name} needs an HTTP server URL`);
  return run.target.url;
}

/** Connects through `authProvider`, lists the tools and calls the first one that takes no arguments. */
async function useAuthorized(run: ScenarioRun, authProvider: ClientAuthProvider): Promise<void> {
  const client = await run.connect({ authProvider });
  try {
    run.log(`connected with authorization: ${client.era} era, revision ${client.revision}`);
    const tools = await client.listTools();
    run.log(`listed ${tools.length} tools`);
    const first = tools[0];
    if (first !== undefined) {
      const result = await client.callTool({ name: first.name, arguments: {} });
      run.log(`${first.name} -> ${result.isError ? "error" : "ok"}`);
    }
  } finally {
    await client.close().catch(() => {});
  }
}

/** auth/client-credentials-basic: client_credentials with client_secret_basic. */
export const clientCredentialsBasic: Scenario = (run) =>
  useAuthorized(
    run,
    new ClientCredentialsProvider({
      serverUrl: serverUrl(run),
      client: {
        clientId: contextString(run, "client_id"),
        clientSecret: contextString(run, "client_secret"),
        method: "client_secret_basic",
      },
    }),
  );

/** auth/client-credentials-jwt: client_credentials with a private_key_jwt assertion. */
export const clientCredentialsJwt: Scenario = (run) => {
  const algorithm =
    typeof run.context.signing_algorithm === "string" ? run.context.signing_algorithm : "ES256";
  return useAuthorized(
    run,
    new ClientCredentialsProvider({
      serverUrl: serverUrl(run),
      client: {
        clientId: contextString(run, "client_id"),
        privateKey: contextString(run, "private_key_pem"),
        algorithm: algorithm as PrivateKeyJwtAlgorithm,
      },
    }),
  );
};

/**
 * auth/enterprise-managed-authorization: the ID token for an ID-JAG at the IdP (token exchange),
 * the ID-JAG for an access token at the MCP authorization server (jwt-bearer, client_secret_basic).
 */
export const enterpriseManaged: Scenario = (run) =>
  useAuthorized(
    run,
    new EnterpriseManagedAuthProvider({
      serverUrl: serverUrl(run),
      idp: {
        tokenEndpoint: contextString(run, "idp_token_endpoint"),
        issuer: contextString(run, "idp_issuer"),
        client: { clientId: contextString(run, "idp_client_id") },
      },
      identityAssertion: contextString(run, "idp_id_token"),
      client: {
        clientId: contextString(run, "client_id"),
        clientSecret: contextString(run, "client_secret"),
        method: "client_secret_basic",
      },
    }),
  );

/** auth/wif-jwt-bearer: the workload's JWT presented with the jwt-bearer grant. */
export const workloadIdentity: Scenario = (run) =>
  useAuthorized(
    run,
    new JwtBearerProvider({
      serverUrl: serverUrl(run),
      assertion: contextString(run, "valid_jwt"),
      client: { clientId: contextString(run, "client_id") },
    }),
  );

/**
 * auth/dpop and auth/dpop-nonce: the authorization code flow with a DPoP key (ES256): a proof on
 * the token request, the DPoP-bound token sent with the DPoP scheme and a fresh proof per request,
 * and (dpop-nonce) the authorization server's and the MCP server's nonces answered.
 */
export const dpop: Scenario = (run) =>
  useAuthorized(
    run,
    new OAuthClientProvider({
      redirectUrl: "http://localhost:3000/callback",
      redirect: followAuthorization,
      clientMetadata: { client_name: "mcpkit-conformance-client" },
      dpop: createDpopSigner(),
      ...(run.version !== undefined ? { protocolVersion: run.version } : {}),
    }),
  );

/** The extension scenarios by name (client credentials, enterprise-managed, workload identity, DPoP). */
export const authExtensionScenarios: Readonly<Record<string, Scenario>> = {
  "auth/client-credentials-basic": clientCredentialsBasic,
  "auth/client-credentials-jwt": clientCredentialsJwt,
  "auth/enterprise-managed-authorization": enterpriseManaged,
  "auth/wif-jwt-bearer": workloadIdentity,
  "auth/dpop": dpop,
  "auth/dpop-nonce": dpop,
};
