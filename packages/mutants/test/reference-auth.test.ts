import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, SignJWT, exportJWK, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_CLIENT, REFERENCE_SERVER, runner, startNetworkServer } from "./harness.js";

/**
 * Our suite's authorization transcripts against the unmutated reference: the conformance client's
 * OAuth flow against the runner's scripted protected resource and authorization server, and the
 * everything-server protected with `--auth-issuer` against the server transcripts, with tokens
 * minted here by a small issuer (RFC 8414 metadata and a JWKS) that the server discovers.
 */

const EVERY_REVISION = ["session", "stateless"];
const SCOPES = ["mcp:read", "mcp:write"];

let issuerServer: Server;
let issuer: string;
let signingKey: CryptoKey;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  signingKey = privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256" };
  issuerServer = createServer((req, res) => {
    const json = (body: unknown) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.url === "/.well-known/oauth-authorization-server") {
      json({
        issuer,
        jwks_uri: `${issuer}/jwks`,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        response_types_supported: ["code"],
        code_challenge_methods_supported: ["S256"],
      });
    } else if (req.url === "/jwks") json({ keys: [jwk] });
    else res.writeHead(404).end();
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

/** An access token for `audience` (the MCP server's URL) with these scopes, valid for 10 minutes. */
function mint(audience: string, scopes: readonly string[]): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: issuer,
    aud: audience,
    sub: "alice",
    client_id: "suite",
    scope: scopes.join(" "),
  })
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .setProtectedHeader({ alg: "ES256", kid: "k1", typ: "at+jwt" })
    .sign(signingKey);
}

describe("our suite's authorization transcripts against the reference", () => {
  it("the conformance client completes every client/auth transcript over Streamable HTTP", async () => {
    const outcome = await runner(
      "client",
      ["node", REFERENCE_CLIENT].join(" "),
      { transport: "http", ids: ["client/auth/*"], revisions: EVERY_REVISION },
      "http",
      { required: true },
    );
    expect(outcome.failed, outcome.output).toEqual([]);
    expect(outcome.passed.length, outcome.summary).toBeGreaterThanOrEqual(31);
    expect(outcome.summary).toBe(`conformance: ${outcome.passed.length} passed, 0 failed`);
  });

  it("the everything-server with --auth-issuer passes every server/auth transcript, with and without tokens", async () => {
    const { child, url } = await startNetworkServer(REFERENCE_SERVER, [
      "--transport",
      "http",
      "--auth-issuer",
      issuer,
      "--auth-scopes",
      SCOPES.join(","),
    ]);
    try {
      const subset = { transport: "http" as const, ids: ["server/auth/*"], revisions: EVERY_REVISION };
      // Without tokens: the challenge and the metadata document; the token transcripts are skipped.
      const anonymous = await runner("server", url, subset, "http", { required: true });
      expect(anonymous.failed, anonymous.output).toEqual([]);
      expect(anonymous.passed.length, anonymous.summary).toBeGreaterThanOrEqual(4);
      expect(anonymous.output).toContain("not applicable: needs --auth-token");

      const withTokens = await runner("server", url, subset, "http", {
        token: await mint(url, SCOPES),
        insufficientScopeToken: await mint(url, ["mcp:read"]),
      });
      expect(withTokens.failed, withTokens.output).toEqual([]);
      expect(withTokens.passed.length).toBeGreaterThan(anonymous.passed.length);
      expect(withTokens.output).not.toContain("not applicable");

      // A token for another resource is refused like no token at all.
      const wrongAudience = await runner("server", url, subset, "http", {
        token: await mint("http://127.0.0.1:1/mcp", SCOPES),
      });
      expect(wrongAudience.failed.length, wrongAudience.output).toBeGreaterThan(0);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
