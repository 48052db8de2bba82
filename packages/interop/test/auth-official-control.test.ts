// Control for the OAuth interop tests: the official 2.x client and the official 2.x protected
// server, with tokens from the real test authorization server. If this fails, the fixtures are
// wrong, not mcpkit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuthorizationServer,
  startAuthorizationServer,
} from "../../auth/test/support/authorization-server.js";
import { connectOfficialWithOAuth, OfficialTestOAuthProvider } from "../fixtures/official-oauth-client.js";
import {
  type OfficialProtectedServer,
  startOfficialProtectedServer,
} from "../fixtures/official-protected-http.js";

let as: AuthorizationServer;
let server: OfficialProtectedServer;

beforeAll(async () => {
  as = await startAuthorizationServer();
  server = await startOfficialProtectedServer({ issuer: as.issuer, mode: "stateful" });
});

afterAll(async () => {
  await server?.close();
  await as?.close();
});

describe("official client → official protected server (control)", () => {
  it("refuses an unauthenticated request with the RFC 9728 challenge", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain(
      `resource_metadata="${new URL(server.url).origin}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it("authorizes through discovery, registration and PKCE, then calls a tool", async () => {
    const provider = new OfficialTestOAuthProvider((url) => as.authorize(url));
    const { client } = await connectOfficialWithOAuth(server.url, provider);
    try {
      const result = await client.callTool({ name: "whoami", arguments: {} });
      expect(result.content).toEqual([
        { type: "text", text: JSON.stringify({ sub: "alice", scopes: ["mcp:read"] }) },
      ]);
      const authorize = provider.authorizationUrls[0];
      expect(authorize?.searchParams.get("resource")).toBe(server.url);
      expect(authorize?.searchParams.get("code_challenge_method")).toBe("S256");
      expect(as.serverErrors).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
