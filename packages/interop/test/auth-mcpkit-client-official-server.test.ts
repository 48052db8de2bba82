// mcpkit's client (OAuthClientProvider from @mcpkit/auth) against the official 2.x server protected
// by its own bearer middleware (requireBearerAuth, oauthMetadataResponse, per-tool requireScopes),
// tokens from the real test authorization server (oidc-provider).
import { OAuthClientProvider } from "@mcpkit/auth";
import { Client } from "@mcpkit/client";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuthorizationServer,
  startAuthorizationServer,
} from "../../auth/test/support/authorization-server.js";
import {
  type OfficialProtectedServer,
  startOfficialProtectedServer,
} from "../fixtures/official-protected-http.js";

let as: AuthorizationServer;
const servers: OfficialProtectedServer[] = [];

beforeAll(async () => {
  as = await startAuthorizationServer({
    clients: [
      {
        client_id: "mcpkit-interop",
        token_endpoint_auth_method: "none",
        application_type: "native",
        redirect_uris: ["http://127.0.0.1:9/mcpkit-callback"],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      },
    ],
  });
  servers.push(await startOfficialProtectedServer({ issuer: as.issuer, mode: "stateful" }));
  servers.push(await startOfficialProtectedServer({ issuer: as.issuer, mode: "modern" }));
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await as?.close();
});

function provider(clientId?: string) {
  const authorizations: URL[] = [];
  const authProvider = new OAuthClientProvider({
    redirectUrl: "http://127.0.0.1:9/mcpkit-callback",
    redirect: async (url) => {
      authorizations.push(url);
      return as.authorize(url);
    },
    clientMetadata: { client_name: "mcpkit interop" },
    ...(clientId ? { clientId } : {}),
  });
  return { authProvider, authorizations };
}

const text = (result: { content: readonly unknown[] }) =>
  JSON.parse((result.content[0] as { text: string }).text);

describe.each([
  ["stateful", 0, "2025-11-25"],
  ["modern", 1, "2026-07-28"],
] as const)("mcpkit client (OAuth) → official protected server, %s", (_mode, index, revision) => {
  it("discovers the official metadata, registers, authorizes and calls a tool", async () => {
    const server = servers[index] as OfficialProtectedServer;
    const { authProvider, authorizations } = provider();
    const client = new Client({ clientInfo: { name: "mcpkit-interop", version: "1.0.0" }, revision });
    await client.connect(new StreamableHttpClientTransport(server.url, { authProvider }));
    try {
      expect(client.revision).toBe(revision);
      const result = await client.callTool({ name: "whoami", arguments: {} });
      expect(text(result)).toEqual({ sub: "alice", scopes: ["mcp:read"] });
      expect(authorizations).toHaveLength(1);
      expect(authorizations[0]?.searchParams.get("resource")).toBe(server.url);
      expect(server.seen.at(-1)?.token).toBe((await authProvider.currentTokens())?.access_token);
    } finally {
      await client.close();
    }
  });

  it("steps up on the official server's 403 insufficient_scope and the call succeeds", async () => {
    const server = servers[index] as OfficialProtectedServer;
    // Pre-registered: a dynamically registered client's scope is pinned at registration (see report).
    const { authProvider, authorizations } = provider("mcpkit-interop");
    const client = new Client({ clientInfo: { name: "mcpkit-interop", version: "1.0.0" }, revision });
    await client.connect(new StreamableHttpClientTransport(server.url, { authProvider }));
    try {
      const result = await client.callTool({ name: "admin-whoami", arguments: {} });
      expect(text(result).scopes).toEqual(expect.arrayContaining(["mcp:read", "mcp:admin"]));
      expect(authorizations).toHaveLength(2);
      expect(authorizations[1]?.searchParams.get("scope")?.split(" ")).toEqual(
        expect.arrayContaining(["mcp:read", "mcp:admin"]),
      );
    } finally {
      await client.close();
    }
  });
});
