// End to end with opaque access tokens: the mcpkit server asks the real authorization server
// about each token (bearerAuth(introspectionVerifier(...))), so a revoked token is refused at
// once and the client recovers: by refreshing when only the access token was revoked, by a new
// authorization when the whole grant was.
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthorizationServer, startAuthorizationServer } from "./support/authorization-server.js";
import { connectClient, e2eProvider, whoami } from "./support/e2e-client.js";
import { type ProtectedMcpServer, startProtectedMcpServer } from "./support/protected-mcp-server.js";

let as: AuthorizationServer;
let server: ProtectedMcpServer;
const opaque = new Set<string>();

beforeAll(async () => {
  as = await startAuthorizationServer({
    opaqueTokens: (resource) => opaque.has(resource),
    clients: [
      {
        client_id: "mcp-resource-server",
        client_secret: "mcp-resource-server-secret",
        grant_types: [],
        response_types: [],
        redirect_uris: [],
      },
    ],
  });
  server = await startProtectedMcpServer({
    issuer: as.issuer,
    verifier: "introspection",
    introspectionClient: { clientId: "mcp-resource-server", clientSecret: "mcp-resource-server-secret" },
  });
  opaque.add(server.url);
});

afterAll(async () => {
  await server?.close();
  await as?.close();
});

async function revokeAtEndpoint(token: string, clientId: string): Promise<number> {
  const response = await fetch(`${as.issuer}/token/revocation`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token, client_id: clientId }),
  });
  await response.body?.cancel();
  return response.status;
}

describe("introspected opaque tokens", () => {
  it("accepts an opaque token the authorization server says is active, with its subject and scopes", async () => {
    const { provider } = e2eProvider(as);
    const client = await connectClient(
      new StreamableHttpClientTransport(server.url, { authProvider: provider }),
      "2025-11-25",
    );
    try {
      const tokens = await provider.currentTokens();
      expect(tokens?.access_token.split(".")).toHaveLength(1); // opaque, not a JWT
      const result = await client.callTool({ name: "whoami", arguments: {} });
      expect(whoami(result)).toMatchObject({ sub: "alice", scopes: ["mcp:read"] });
      expect(server.seen.at(-1)).toMatchObject({ subject: "alice", token: tokens?.access_token });
    } finally {
      await client.close();
    }
  });

  it("refuses a revoked access token with 401, and the client refreshes and goes on without the user", async () => {
    const { provider, authorizations } = e2eProvider(as);
    const client = await connectClient(
      new StreamableHttpClientTransport(server.url, { authProvider: provider }),
      "2026-07-28",
    );
    try {
      await client.callTool({ name: "whoami", arguments: {} });
      const before = await provider.currentTokens();
      expect(await as.revokeToken(before?.access_token ?? "")).toBe(true);
      const refusals = server.refusals.length;

      const result = await client.callTool({ name: "whoami", arguments: {} });
      expect(whoami(result).sub).toBe("alice");
      expect(server.refusals.slice(refusals)).toEqual([
        { status: 401, challenge: expect.stringMatching(/^Bearer error="invalid_token"/) },
      ]);
      const after = await provider.currentTokens();
      expect(after?.access_token).not.toBe(before?.access_token);
      expect(after?.refresh_token).not.toBe(before?.refresh_token);
      expect(authorizations).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it("after the whole grant is revoked (refresh token too), authorizes again through the browser", async () => {
    const { provider, authorizations } = e2eProvider(as);
    const client = await connectClient(
      new StreamableHttpClientTransport(server.url, { authProvider: provider }),
      "2025-11-25",
    );
    try {
      await client.callTool({ name: "whoami", arguments: {} });
      const before = await provider.currentTokens();
      const clientId = authorizations[0]?.searchParams.get("client_id") ?? "";
      expect(await revokeAtEndpoint(before?.access_token ?? "", clientId)).toBe(200);

      const result = await client.callTool({ name: "whoami", arguments: {} });
      expect(whoami(result).sub).toBe("alice");
      expect(authorizations).toHaveLength(2);
      expect((await provider.currentTokens())?.access_token).not.toBe(before?.access_token);
    } finally {
      await client.close();
    }
  });
});
