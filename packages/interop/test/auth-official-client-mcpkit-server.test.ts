// The official 2.x client's OAuth provider against an mcpkit server protected by
// bearerAuth(jwtVerifier(...)), tokens from the real test authorization server (oidc-provider).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuthorizationServer,
  startAuthorizationServer,
} from "../../auth/test/support/authorization-server.js";
import {
  type ProtectedMcpServer,
  startProtectedMcpServer,
} from "../../auth/test/support/protected-mcp-server.js";
import {
  connectOfficialWithOAuth,
  OFFICIAL_REDIRECT_URL,
  OfficialTestOAuthProvider,
} from "../fixtures/official-oauth-client.js";

let as: AuthorizationServer;
let server: ProtectedMcpServer;

beforeAll(async () => {
  as = await startAuthorizationServer({
    clients: [
      {
        client_id: "official-preregistered",
        token_endpoint_auth_method: "none",
        application_type: "native",
        redirect_uris: [OFFICIAL_REDIRECT_URL],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      },
    ],
  });
  server = await startProtectedMcpServer({ issuer: as.issuer });
});

afterAll(async () => {
  await server?.close();
  await as?.close();
});

const text = (result: { content?: unknown }) =>
  JSON.parse(((result.content as { text: string }[] | undefined)?.[0]?.text ?? "{}") as string);

describe("official 2.x client (OAuth) → mcpkit protected server", () => {
  it("discovers our metadata, registers, authorizes and calls a tool", async () => {
    const provider = new OfficialTestOAuthProvider((url) => as.authorize(url));
    const { client } = await connectOfficialWithOAuth(server.url, provider);
    try {
      const result = await client.callTool({ name: "whoami", arguments: {} });
      expect(text(result)).toMatchObject({ sub: "alice", scopes: ["mcp:read"] });
      const authorize = provider.authorizationUrls[0];
      expect(authorize?.searchParams.get("resource")).toBe(server.url);
      expect(authorize?.searchParams.get("scope")).toContain("mcp:read");
      expect(provider.tokens()?.access_token).toEqual(server.seen.at(-1)?.token);
      expect(as.serverErrors).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("steps up on our 403 insufficient_scope: a new authorization for the challenged scopes, then the call succeeds", async () => {
    // Pre-registered: a client registered dynamically with its first scope cannot widen it at this
    // authorization server (the official client hits the same invalid_scope as ours; see the report).
    const provider = new OfficialTestOAuthProvider((url) => as.authorize(url), "official-preregistered");
    const { client, transport } = await connectOfficialWithOAuth(server.url, provider);
    try {
      const refused = await client.callTool({ name: "admin-whoami", arguments: {} }).then(
        () => undefined,
        (error: unknown) => error,
      );
      // The official client starts the step-up authorization from our challenge, then waits for
      // the application to finish it (its interactive flow).
      expect((refused as Error).constructor.name).toBe("UnauthorizedError");
      const stepUp = provider.authorizationUrls.at(-1);
      expect(provider.authorizationUrls).toHaveLength(2);
      expect(stepUp?.searchParams.get("scope")?.split(" ")).toEqual(
        expect.arrayContaining(["mcp:read", "mcp:admin"]),
      );
      await transport.finishAuth((provider.callback as URL).searchParams);
      const result = await client.callTool({ name: "admin-whoami", arguments: {} });
      expect(text(result).scopes).toEqual(expect.arrayContaining(["mcp:read", "mcp:admin"]));
    } finally {
      await client.close();
    }
  });
});
