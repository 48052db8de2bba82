// End to end over WebSocket (the token on the upgrade request) and with DPoP-bound tokens (RFC
// 9449) over Streamable HTTP: the same mcpkit client provider, server and real authorization server.
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { WebSocketClientTransport, WebSocketUpgradeError } from "@mcpkit/transport-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDpopSigner } from "../src/index.js";
import { type AuthorizationServer, startAuthorizationServer } from "./support/authorization-server.js";
import { connectClient, e2eProvider, whoami } from "./support/e2e-client.js";
import { type ProtectedMcpServer, startProtectedMcpServer } from "./support/protected-mcp-server.js";

let as: AuthorizationServer;
let server: ProtectedMcpServer;

beforeAll(async () => {
  as = await startAuthorizationServer({
    clients: [
      {
        client_id: "batch-job",
        client_secret: "batch-job-secret",
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: [],
        scope: "mcp:read",
      },
    ],
  });
  server = await startProtectedMcpServer({ issuer: as.issuer });
});

afterAll(async () => {
  await server?.close();
  await as?.close();
});

describe("WebSocket", () => {
  it("authorizes on the refused upgrade (discovery, registration, consent), calls a tool, and gets -32003 for a scope it lacks", async () => {
    const { provider, authorizations } = e2eProvider(as);
    const client = await connectClient(
      new WebSocketClientTransport(server.wsUrl, { authProvider: provider }),
      "2025-11-25",
    );
    try {
      const result = await client.callTool({ name: "whoami", arguments: {} });
      expect(whoami(result)).toMatchObject({ sub: "alice", scopes: ["mcp:read"] });
      // The resource is the HTTP form of the endpoint: one audience for both transports.
      expect(authorizations[0]?.searchParams.get("resource")).toBe(server.url);
      expect(server.refusals.at(-1)?.status).toBe(401);

      // A message has no HTTP status: a tool's scope check is the JSON-RPC error -32003 naming the scope.
      const refused = await client.callTool({ name: "admin-whoami", arguments: {} }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ code: -32003, message: 'tool "admin-whoami" needs scope mcp:admin' });
      expect(whoami(await client.callTool({ name: "whoami", arguments: {} })).sub).toBe("alice");
    } finally {
      await client.close();
    }
  });

  it("refuses the upgrade for a token issued for another resource", async () => {
    const response = await fetch(`${as.issuer}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from("batch-job:batch-job-secret").toString("base64")}`,
      },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        scope: "mcp:read",
        resource: "http://127.0.0.1:9/another-mcp-server",
      }),
    });
    const { access_token: token } = (await response.json()) as { access_token: string };
    const transport = new WebSocketClientTransport(server.wsUrl, { bearerToken: token });
    const refused = await connectClient(transport, "2025-11-25").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(WebSocketUpgradeError);
    expect(refused).toMatchObject({ status: 401 });
    expect(server.refusals.at(-1)?.challenge).toMatch(/^Bearer error="invalid_token"/);
  });
});

describe("DPoP-bound tokens", () => {
  it("binds the token to the client's key and proves possession on every request", async () => {
    const dpop = createDpopSigner();
    const { provider } = e2eProvider(as, { dpop });
    const client = await connectClient(
      new StreamableHttpClientTransport(server.url, { authProvider: provider }),
      "2026-07-28",
    );
    try {
      const result = await client.callTool({ name: "whoami", arguments: {} });
      expect(whoami(result).sub).toBe("alice");
      const tokens = await provider.currentTokens();
      expect(tokens?.token_type.toLowerCase()).toBe("dpop");
      const jkt = (server.seen.at(-1)?.claims?.cnf as { jkt?: string } | undefined)?.jkt;
      expect(jkt).toEqual(expect.any(String));
      await client.callTool({ name: "whoami", arguments: {} });

      // The same token without a proof (a stolen copy sent as a bearer token) is refused.
      const stolen = await fetch(server.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${tokens?.access_token}`,
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-11-25",
            capabilities: {},
            clientInfo: { name: "thief", version: "1" },
          },
        }),
      });
      expect(stolen.status).toBe(401);
      await stolen.body?.cancel();
    } finally {
      await client.close();
    }
  });

  it("works when the authorization server and the MCP server both demand their DPoP nonces", async () => {
    const nonceAs = await startAuthorizationServer({ dpopNonce: true });
    const nonceServer = await startProtectedMcpServer({ issuer: nonceAs.issuer, dpopNonces: true });
    const { provider } = e2eProvider(nonceAs, { dpop: createDpopSigner() });
    try {
      const client = await connectClient(
        new StreamableHttpClientTransport(nonceServer.url, { authProvider: provider }),
        "2025-11-25",
      );
      try {
        expect(whoami(await client.callTool({ name: "whoami", arguments: {} })).sub).toBe("alice");
        expect((await provider.currentTokens())?.token_type.toLowerCase()).toBe("dpop");
        expect(nonceServer.refusals.map((refusal) => refusal.challenge?.split(" ")[0])).toContain("DPoP");
        expect(nonceAs.serverErrors).toEqual([]);
      } finally {
        await client.close();
      }
    } finally {
      await nonceServer.close();
      await nonceAs.close();
    }
  });
});
