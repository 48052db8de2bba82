import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import {
  ClientCredentialsProvider,
  createDpopSigner,
  EnterpriseManagedAuthProvider,
  InsufficientScopeError,
  JwtBearerProvider,
  TokenRequestError,
  UnauthorizedError,
} from "../src/index.js";
import type { ScriptedServer, SeenRequest } from "./client-scripted-server.js";
import { asMetadata, form, sendThrough, ServerPool, verifyDpopProof } from "./grants-helpers.js";

const pool = new ServerPool();
afterEach(() => pool.closeAll());

const OK = { body: { jsonrpc: "2.0", id: 1, result: { tools: [] } } };

/**
 * A protected MCP endpoint at /mcp (PRM at the path-aware URL) trusting `as`; `check` decides
 * whether a request is let through (else 401 with the challenge).
 */
async function protectedResource(
  as: ScriptedServer,
  check: (
    request: SeenRequest,
  ) =>
    | Promise<"ok" | { status: number; headers: Record<string, string> }>
    | "ok"
    | { status: number; headers: Record<string, string> },
  prm: Record<string, unknown> = {},
) {
  const rs = await pool.start();
  const metadataUrl = () => `${rs.url}/.well-known/oauth-protected-resource/mcp`;
  rs.route("GET /.well-known/oauth-protected-resource/mcp", () => ({
    body: { resource: `${rs.url}/mcp`, authorization_servers: [as.url], ...prm },
  }));
  rs.route("POST /mcp", async (request) => {
    if (request.headers.authorization === undefined) {
      return {
        status: 401,
        headers: { "www-authenticate": `Bearer resource_metadata="${metadataUrl()}", scope="mcp:read"` },
      };
    }
    const verdict = await check(request);
    return verdict === "ok" ? OK : { ...verdict, body: { error: "refused" } };
  });
  return rs;
}

async function authorizationServer(
  token: (request: SeenRequest) => { status?: number; headers?: Record<string, string>; body: unknown },
  metadata: Record<string, unknown> = {},
) {
  const as = await pool.start();
  as.route("GET /.well-known/oauth-authorization-server", () => ({ body: asMetadata(as.url, metadata) }));
  as.route("POST /token", token);
  return as;
}

const bearerIs = (token: string) => (request: SeenRequest) =>
  request.headers.authorization === `Bearer ${token}`
    ? "ok"
    : { status: 401, headers: { "www-authenticate": 'Bearer error="invalid_token"' } };

describe("ClientCredentialsProvider", () => {
  it("on the first 401 discovers, requests a token for the challenged scope and the PRM resource, and retries with it", async () => {
    let issued = 0;
    const as = await authorizationServer(() => ({
      body: { access_token: `cc-${++issued}`, token_type: "Bearer", expires_in: 3600 },
    }));
    const rs = await protectedResource(as, bearerIs("cc-1"));
    const provider = new ClientCredentialsProvider({
      serverUrl: `${rs.url}/mcp`,
      client: { clientId: "svc", clientSecret: "pw" },
    });
    const response = await sendThrough(provider, `${rs.url}/mcp`);
    expect(response.status).toBe(200);
    expect(rs.lines).toEqual(["POST /mcp", "GET /.well-known/oauth-protected-resource/mcp", "POST /mcp"]);
    expect(as.lines).toEqual(["GET /.well-known/oauth-authorization-server", "POST /token"]);
    expect(form(as.seen[1])).toEqual({
      grant_type: "client_credentials",
      scope: "mcp:read",
      resource: `${rs.url}/mcp`,
    });
    expect(as.seen[1]?.headers.authorization).toBe(`Basic ${Buffer.from("svc:pw").toString("base64")}`);
    // Later requests reuse the token: no more discovery or token requests.
    expect((await sendThrough(provider, `${rs.url}/mcp`)).status).toBe(200);
    expect(as.lines).toHaveLength(2);
  });

  it("sends the token only to the server's origin (ws: read as http:), never elsewhere", async () => {
    const as = await authorizationServer(() => ({ body: { access_token: "cc-1", token_type: "Bearer" } }));
    const rs = await protectedResource(as, bearerIs("cc-1"));
    const provider = new ClientCredentialsProvider({
      serverUrl: `${rs.url}/mcp`,
      client: { clientId: "svc", clientSecret: "pw" },
    });
    await sendThrough(provider, `${rs.url}/mcp`);
    expect(await provider.headers({ method: "POST", url: `${rs.url}/other?x=1` })).toEqual({
      authorization: "Bearer cc-1",
    });
    expect(await provider.headers({ method: "GET", url: `${rs.url.replace("http:", "ws:")}/mcp` })).toEqual({
      authorization: "Bearer cc-1",
    });
    expect(await provider.headers({ method: "POST", url: "http://elsewhere.example/mcp" })).toEqual({});
    expect(
      await provider.headers({ method: "POST", url: `${rs.url.replace("127.0.0.1", "localhost")}/mcp` }),
    ).toEqual({});
  });

  it("requests a new token when the one held is within the expiry margin", async () => {
    let issued = 0;
    let now = 1_000_000;
    const as = await authorizationServer(() => ({
      body: { access_token: `cc-${++issued}`, token_type: "Bearer", expires_in: 60 },
    }));
    const rs = await protectedResource(as, () => "ok");
    const provider = new ClientCredentialsProvider({
      serverUrl: `${rs.url}/mcp`,
      client: { clientId: "svc", clientSecret: "pw" },
      now: () => now,
    });
    await sendThrough(provider, `${rs.url}/mcp`);
    now += 29_000; // 31 s left: still good with the default 30 s margin
    await sendThrough(provider, `${rs.url}/mcp`);
    expect(issued).toBe(1);
    now += 2_000; // 29 s left
    await sendThrough(provider, `${rs.url}/mcp`);
    expect(issued).toBe(2);
    expect(rs.seen.at(-1)?.headers.authorization).toBe("Bearer cc-2");
    expect(provider.token?.accessToken).toBe("cc-2");
  });

  it("does not loop when the server refuses the token it just got: one grant, then UnauthorizedError", async () => {
    let issued = 0;
    const as = await authorizationServer(() => ({
      body: { access_token: `cc-${++issued}`, token_type: "Bearer" },
    }));
    const rs = await protectedResource(as, () => ({
      status: 401,
      headers: { "www-authenticate": 'Bearer error="invalid_token", error_description="wrong audience"' },
    }));
    const provider = new ClientCredentialsProvider({
      serverUrl: `${rs.url}/mcp`,
      client: { clientId: "svc", clientSecret: "pw" },
    });
    // 401 (no token) -> token -> 401 invalid_token (a different challenge) -> refused, no second grant.
    await expect(sendThrough(provider, `${rs.url}/mcp`)).rejects.toThrow(
      new UnauthorizedError(
        `${rs.url}/mcp refused the access token just issued by ${as.url}/token (invalid_token: wrong audience)`,
      ),
    );
    expect(issued).toBe(1);
  });

  it("answers a tokenless 401 that arrives after the grant with a retry, not a second grant", async () => {
    let issued = 0;
    const as = await authorizationServer(() => ({
      body: { access_token: `cc-${++issued}`, token_type: "Bearer" },
    }));
    const rs = await protectedResource(as, bearerIs("cc-1"));
    const provider = new ClientCredentialsProvider({
      serverUrl: `${rs.url}/mcp`,
      client: { clientId: "svc", clientSecret: "pw" },
    });
    const noToken = {
      method: "POST",
      url: `${rs.url}/mcp`,
      status: 401,
      headers: {
        "www-authenticate": `Bearer resource_metadata="${rs.url}/.well-known/oauth-protected-resource/mcp"`,
      },
    };
    // Two requests refused together; their challenges are handled one after the other.
    expect(await provider.onChallenge(noToken)).toBe("retry");
    expect(await provider.onChallenge(noToken)).toBe("retry");
    expect(issued).toBe(1);
    expect(await provider.headers({ method: "POST", url: `${rs.url}/mcp` })).toEqual({
      authorization: "Bearer cc-1",
    });
  });

  it("steps up on 403 insufficient_scope with the union of scopes, and stops when nothing more can be asked", async () => {
    const as = await authorizationServer((request) => {
      const scope = form(request).scope ?? "";
      return { body: { access_token: `cc:${scope}`, token_type: "Bearer", scope } };
    });
    const rs = await protectedResource(as, (request) =>
      request.headers.authorization === "Bearer cc:mcp:read mcp:write"
        ? "ok"
        : {
            status: 403,
            headers: { "www-authenticate": 'Bearer error="insufficient_scope", scope="mcp:write"' },
          },
    );
    const provider = new ClientCredentialsProvider({
      serverUrl: `${rs.url}/mcp`,
      client: { clientId: "svc", clientSecret: "pw" },
    });
    // 401 -> token(mcp:read) -> 403 insufficient_scope -> token(mcp:read mcp:write) -> 200.
    expect((await sendThrough(provider, `${rs.url}/mcp`)).status).toBe(200);
    expect(as.seen.filter((s) => s.method === "POST").map((s) => form(s).scope)).toEqual([
      "mcp:read",
      "mcp:read mcp:write",
    ]);
    const again = {
      method: "POST",
      url: `${rs.url}/mcp`,
      status: 403,
      headers: { "www-authenticate": 'Bearer error="insufficient_scope", scope="mcp:write"' },
    };
    const error = await Promise.resolve(provider.onChallenge(again)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientScopeError);
    expect(error).toMatchObject({
      scope: "mcp:write",
      message: `${rs.url}/mcp needs scope mcp:write that the token does not carry`,
    });
  });

  it("with DPoP: a bound token at the token endpoint, then DPoP scheme and a fresh proof with ath per MCP request, RS nonce retried", async () => {
    const as = await authorizationServer(() => ({
      body: { access_token: "bound-token", token_type: "DPoP", expires_in: 3600 },
    }));
    let rsNonce = 0;
    const rs = await protectedResource(as, async (request) => {
      const proof = await verifyDpopProof(request.headers.dpop);
      if (proof.payload.nonce !== `rs-${rsNonce}` || rsNonce === 0) {
        rsNonce++;
        return {
          status: 401,
          headers: { "www-authenticate": 'DPoP error="use_dpop_nonce"', "dpop-nonce": `rs-${rsNonce}` },
        };
      }
      return "ok";
    });
    const dpop = createDpopSigner();
    const provider = new ClientCredentialsProvider({
      serverUrl: `${rs.url}/mcp`,
      client: { clientId: "svc", clientSecret: "pw" },
      dpop,
    });
    // 401 (no token) -> token -> 401 use_dpop_nonce (a different challenge) -> nonce -> 200.
    expect((await sendThrough(provider, `${rs.url}/mcp`)).status).toBe(200);
    // The nonce is kept: the next request goes through at once.
    expect((await sendThrough(provider, `${rs.url}/mcp`)).status).toBe(200);
    const tokenProof = await verifyDpopProof(as.seen.find((s) => s.method === "POST")?.headers.dpop);
    expect(tokenProof.payload).toMatchObject({ htm: "POST", htu: `${as.url}/token` });
    const mcpCalls = rs.seen.filter((s) => s.method === "POST" && s.headers.authorization !== undefined);
    expect(mcpCalls.map((s) => s.headers.authorization)).toEqual([
      "DPoP bound-token",
      "DPoP bound-token",
      "DPoP bound-token",
    ]);
    const proofs = await Promise.all(mcpCalls.map((s) => verifyDpopProof(s.headers.dpop)));
    const ath = createHash("sha256").update("bound-token").digest("base64url");
    for (const { payload } of proofs)
      expect(payload).toMatchObject({ htm: "POST", htu: `${rs.url}/mcp`, ath });
    expect(new Set(proofs.map((p) => p.payload.jti)).size).toBe(3);
    expect(proofs.map((p) => p.payload.nonce)).toEqual([undefined, "rs-1", "rs-1"]);
    expect(proofs[0]?.jwk).toEqual(tokenProof.jwk);
  });

  it("gives up on a nonce challenge that brings no new nonce", async () => {
    const dpop = createDpopSigner();
    const provider = new ClientCredentialsProvider({
      serverUrl: "https://rs.example.com/mcp",
      client: { clientId: "a", clientSecret: "b" },
      dpop,
    });
    const challenge = {
      method: "POST",
      url: "https://rs.example.com/mcp",
      status: 401,
      headers: { "www-authenticate": 'DPoP error="use_dpop_nonce"', "dpop-nonce": "n1" },
    };
    expect(await provider.onChallenge(challenge)).toBe("retry");
    await expect(provider.onChallenge(challenge)).rejects.toThrow(
      "https://rs.example.com/mcp asked for a DPoP nonce again (HTTP 401) after the retry with it",
    );
  });
});

describe("request time limit", () => {
  it("fails the grant with the URL and requestTimeoutMs when the token endpoint never answers", async () => {
    const as = await authorizationServer(() => new Promise<never>(() => {}) as never);
    const rs = await protectedResource(as, () => "ok");
    const provider = new ClientCredentialsProvider({
      serverUrl: `${rs.url}/mcp`,
      client: { clientId: "svc", clientSecret: "pw" },
      requestTimeoutMs: 100,
    });
    const error = await sendThrough(provider, `${rs.url}/mcp`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect((error as Error).message).toBe(
      `token request to ${as.url}/token failed: ${as.url}/token did not answer within 100 ms (requestTimeoutMs)`,
    );
  });
});

describe("JwtBearerProvider (workload identity)", () => {
  it("sends the jwt-bearer grant with the assertion it reads, the resource, and no client authentication", async () => {
    const as = await authorizationServer(() => ({ body: { access_token: "wif-1", token_type: "Bearer" } }));
    const rs = await protectedResource(as, bearerIs("wif-1"), { scopes_supported: ["a", "b"] });
    let reads = 0;
    const provider = new JwtBearerProvider({
      serverUrl: `${rs.url}/mcp`,
      scope: "a",
      assertion: () => `workload.jwt.${++reads}`,
    });
    expect((await sendThrough(provider, `${rs.url}/mcp`)).status).toBe(200);
    const tokenRequest = as.seen.find((s) => s.method === "POST");
    expect(form(tokenRequest)).toEqual({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: "workload.jwt.1",
      scope: "a",
      resource: `${rs.url}/mcp`,
    });
    expect(tokenRequest?.headers.authorization).toBeUndefined();
  });

  it("surfaces invalid_grant as a TokenRequestError after one token request, without retrying or another grant", async () => {
    const as = await authorizationServer(() => ({
      status: 400,
      body: { error: "invalid_grant", error_description: "assertion expired" },
    }));
    const rs = await protectedResource(as, () => "ok");
    const provider = new JwtBearerProvider({ serverUrl: `${rs.url}/mcp`, assertion: "expired.jwt" });
    const error = await sendThrough(provider, `${rs.url}/mcp`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ error: "invalid_grant", description: "assertion expired" });
    expect(as.seen.filter((s) => s.method === "POST")).toHaveLength(1);
  });
});

describe("EnterpriseManagedAuthProvider", () => {
  it("exchanges the ID token at the IdP for an ID-JAG (RFC 8693), then presents it with the jwt-bearer grant", async () => {
    const idp = await pool.start();
    idp.route("POST /token", () => ({
      body: {
        access_token: "the.id.jag",
        issued_token_type: "urn:ietf:params:oauth:token-type:id-jag",
        token_type: "N_A",
      },
    }));
    const as = await authorizationServer(() => ({
      body: { access_token: "xaa-token", token_type: "Bearer" },
    }));
    const rs = await protectedResource(as, bearerIs("xaa-token"));
    const provider = new EnterpriseManagedAuthProvider({
      serverUrl: `${rs.url}/mcp`,
      idp: { tokenEndpoint: `${idp.url}/token`, client: { clientId: "idp-client" } },
      identityAssertion: "user.id.token",
      client: { clientId: "xaa-client", clientSecret: "xaa-secret" },
    });
    expect((await sendThrough(provider, `${rs.url}/mcp`)).status).toBe(200);
    expect(form(idp.seen[0])).toEqual({
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      requested_token_type: "urn:ietf:params:oauth:token-type:id-jag",
      subject_token: "user.id.token",
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      audience: as.url,
      resource: `${rs.url}/mcp`,
      scope: "mcp:read",
      client_id: "idp-client",
    });
    const grant = as.seen.find((s) => s.method === "POST");
    expect(form(grant)).toEqual({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: "the.id.jag",
      scope: "mcp:read",
      resource: `${rs.url}/mcp`,
    });
    expect(grant?.headers.authorization).toBe(
      `Basic ${Buffer.from("xaa-client:xaa-secret").toString("base64")}`,
    );
  });

  it("refuses an exchange result that is not an ID-JAG, before contacting the MCP authorization server", async () => {
    const idp = await pool.start();
    idp.route("POST /token", () => ({
      body: {
        access_token: "x",
        issued_token_type: "urn:ietf:params:oauth:token-type:access_token",
        token_type: "Bearer",
      },
    }));
    const as = await authorizationServer(() => ({ body: { access_token: "never", token_type: "Bearer" } }));
    const rs = await protectedResource(as, () => "ok");
    const provider = new EnterpriseManagedAuthProvider({
      serverUrl: `${rs.url}/mcp`,
      idp: { tokenEndpoint: `${idp.url}/token` },
      identityAssertion: "user.id.token",
      client: { clientId: "c", clientSecret: "s" },
    });
    await expect(sendThrough(provider, `${rs.url}/mcp`)).rejects.toThrow(
      `identity provider ${idp.url}/token issued urn:ietf:params:oauth:token-type:access_token, not an ID-JAG`,
    );
    expect(as.seen.filter((s) => s.method === "POST")).toHaveLength(0);
  });
});
