import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, SignJWT, exportJWK, generateKeyPair } from "jose";
import { WebSocketClientTransport } from "@mcpkit/transport-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServerArgs } from "../src/server/config.js";
import { type RunningServer, startServer } from "./helpers/processes.js";

/** A tiny authorization server: RFC 8414 metadata and a JWKS, tokens minted here with jose. */
let issuerServer: Server;
let issuer: string;
let signingKey: CryptoKey;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  signingKey = privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256" };
  issuerServer = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/.well-known/oauth-authorization-server") {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, response_types_supported: ["code"] }));
    } else if (req.url === "/jwks") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => issuerServer.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    issuerServer.close(() => resolve());
    issuerServer.closeAllConnections();
  });
});

function mint(audience: string, scope: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: issuer,
    aud: audience,
    sub: "alice",
    client_id: "tester",
    scope,
    iat: now,
    exp: now + 300,
  })
    .setProtectedHeader({ alg: "ES256", kid: "k1", typ: "at+jwt" })
    .sign(signingKey);
}

const INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
});

function initialize(url: string, token?: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: INIT,
  });
}

describe("everything-server --auth-issuer", () => {
  it("parses --auth-issuer and --auth-scopes, and refuses them where they cannot apply", () => {
    expect(
      parseServerArgs(["--http", "--auth-issuer", "https://auth.example.com", "--auth-scopes", "mcp, files"]),
    ).toMatchObject({
      authIssuer: "https://auth.example.com",
      authScopes: ["mcp", "files"],
    });
    expect(() => parseServerArgs(["--http", "--auth-scopes", "mcp"])).toThrow(
      "--auth-scopes needs --auth-issuer",
    );
    expect(() => parseServerArgs(["--auth-issuer", "https://a.example"])).toThrow(
      "--auth-issuer needs a network transport (http, sse or ws)",
    );
    expect(() => parseServerArgs(["--http", "--auth-issuer", "nope"])).toThrow(
      '--auth-issuer must be a URL, not "nope"',
    );
  });

  describe("over Streamable HTTP", () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer(["--http", "--auth-issuer", issuer, "--auth-scopes", "mcp"]);
    });
    afterAll(async () => {
      await server.stop();
    });

    it("answers 401 with the challenge naming its metadata and scope, and serves that metadata", async () => {
      const { url } = server;
      const metadataUrl = `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;
      const refused = await initialize(url);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe(
        `Bearer scope="mcp", resource_metadata="${metadataUrl}"`,
      );
      await refused.text();
      const metadata = await fetch(metadataUrl);
      expect(metadata.status).toBe(200);
      expect(await metadata.json()).toEqual({
        resource: url,
        authorization_servers: [issuer],
        scopes_supported: ["mcp"],
        bearer_methods_supported: ["header"],
        resource_name: "mcpkit everything-server",
      });
    });

    it("serves a token for its own URL with the scope, and refuses another audience (401) or a missing scope (403)", async () => {
      const { url } = server;
      const accepted = await initialize(url, await mint(url, "mcp"));
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toMatchObject({ id: 1, result: { protocolVersion: "2025-11-25" } });

      const elsewhere = await initialize(url, await mint("https://other.example.com/mcp", "mcp"));
      expect(elsewhere.status).toBe(401);
      expect(elsewhere.headers.get("www-authenticate")).toContain('error="invalid_token"');
      expect(await elsewhere.json()).toEqual({
        error: "invalid_token",
        error_description: `the token is not for this resource (${url})`,
      });

      const narrow = await initialize(url, await mint(url, "other"));
      expect(narrow.status).toBe(403);
      expect(narrow.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
      expect(await narrow.json()).toEqual({
        error: "insufficient_scope",
        error_description: "this resource needs scope mcp",
      });
    });
  });

  describe("over WebSocket", () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer(["--ws", "--auth-issuer", issuer]);
    });
    afterAll(async () => {
      await server.stop();
    });

    /** The status the upgrade got: 101 when it opened. */
    async function upgrade(token?: string): Promise<number> {
      const client = new WebSocketClientTransport(server.url, token ? { bearerToken: token } : {});
      const handlers = { onMessage: () => {}, onUnreadable: () => {}, onClose: () => {} };
      const failed = await client.start(handlers).then(
        () => undefined,
        (error: unknown) => error as { status?: number },
      );
      if (failed) return failed.status ?? 0;
      await client.close();
      return 101;
    }

    it("refuses an upgrade without a token and accepts one for its ws:// URL", async () => {
      expect(await upgrade()).toBe(401);
      expect(await upgrade(await mint(server.url, "mcp"))).toBe(101);
    });
  });
});
