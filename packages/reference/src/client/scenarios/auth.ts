import { OAuthClientProvider, type OAuthClientProviderOptions } from "@mcpkit/auth";
import type { Scenario, ScenarioRun } from "../scenario.js";
import { withClient } from "../scenario.js";

/** The Client ID Metadata Document URL the official auth/basic-cimd scenario expects. */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";
/** Where the (mock) authorization server sends the browser back; never listened on. */
const REDIRECT_URL = "http://localhost:3000/callback";

/**
 * The redirect of a headless test: the official suite's authorization endpoints redirect
 * straight back with the code, so following the authorization URL with a plain request (no
 * automatic redirects) and reading `Location` is the user's consent.
 */
export async function followAuthorization(authorizationUrl: URL): Promise<string> {
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  await response.body?.cancel();
  const location = response.headers.get("location");
  if (response.status < 300 || response.status >= 400 || location === null) {
    throw new Error(`the authorization endpoint answered HTTP ${response.status} without a redirect`);
  }
  return new URL(location, authorizationUrl).href;
}

/** The provider for a scenario: pre-registered credentials from the context, CIMD where asked. */
export function providerFor(run: ScenarioRun): OAuthClientProvider {
  const { context } = run;
  const options: OAuthClientProviderOptions = {
    redirectUrl: REDIRECT_URL,
    redirect: followAuthorization,
    clientMetadata: { client_name: "mcpkit-conformance-client" },
    ...(typeof context.client_id === "string" ? { clientId: context.client_id } : {}),
    ...(typeof context.client_secret === "string" ? { clientSecret: context.client_secret } : {}),
    ...(typeof context.client_id === "string" && typeof context.issuer === "string"
      ? { clientIssuer: context.issuer }
      : {}),
    // Only this scenario's authorization server takes the (unfetchable) test document URL.
    ...(run.name === "auth/basic-cimd" ? { clientMetadataUrl: CLIENT_METADATA_URL } : {}),
    ...(run.version !== undefined ? { protocolVersion: run.version } : {}),
  };
  return new OAuthClientProvider(options);
}

/**
 * Every official auth/* client scenario: connect to the protected server with an OAuth provider,
 * list the tools and call each (a call may need a step-up). Refusals the scenario provokes
 * (a resource mismatch, a wrong `iss`, a poisoned issuer) fail the run, as they should.
 */
export const authFlow: Scenario = async (run) => {
  const authProvider = providerFor(run);
  await withClient(run, { authProvider }, async (client) => {
    const tools = await client.listTools();
    run.log(`listed ${tools.length} tools`);
    for (const tool of tools) {
      const result = await client.callTool({ name: tool.name, arguments: {} });
      run.log(`${tool.name} -> ${result.isError ? "error" : "ok"}`);
    }
  });
};

/** The official auth scenarios this client performs. */
export const AUTH_SCENARIOS: readonly string[] = [
  "auth/metadata-default",
  "auth/metadata-var1",
  "auth/metadata-var2",
  "auth/metadata-var3",
  "auth/basic-cimd",
  "auth/scope-from-www-authenticate",
  "auth/scope-from-scopes-supported",
  "auth/scope-omitted-when-undefined",
  "auth/scope-step-up",
  "auth/scope-retry-limit",
  "auth/token-endpoint-auth-basic",
  "auth/token-endpoint-auth-post",
  "auth/token-endpoint-auth-none",
  "auth/pre-registration",
  "auth/resource-mismatch",
  "auth/offline-access-scope",
  "auth/offline-access-not-supported",
  "auth/authorization-server-migration",
  "auth/iss-supported",
  "auth/iss-not-advertised",
  "auth/iss-supported-missing",
  "auth/iss-wrong-issuer",
  "auth/iss-unexpected",
  "auth/iss-normalized",
  "auth/metadata-issuer-mismatch",
];
