import { exportPKCS8, generateKeyPair, jwtVerify } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { createDpopSigner, requestToken, TokenRequestError, UnauthorizedError } from "../src/index.js";
import { asMetadata, form, ServerPool, verifyDpopProof } from "./grants-helpers.js";

const pool = new ServerPool();
afterEach(() => pool.closeAll());

const TOKEN = { access_token: "at-1", token_type: "Bearer", expires_in: 60, scope: "read" };

async function authorizationServer(
  answer: Parameters<Awaited<ReturnType<ServerPool["start"]>>["route"]>[1] = { body: TOKEN },
) {
  const as = await pool.start();
  as.route("POST /token", answer);
  return as;
}

describe("requestToken: client authentication at the token endpoint", () => {
  it("client_secret_basic: Basic header of the form-encoded id and secret, nothing secret in the body", async () => {
    const as = await authorizationServer();
    const token = await requestToken({
      authorizationServer: asMetadata(as.url),
      grantType: "client_credentials",
      parameters: { scope: "read", resource: "https://mcp.example.com/mcp", empty: "" },
      client: { clientId: "svc:1", clientSecret: "s3cr&t-1.2" },
      now: () => 1_000,
    });
    expect(token).toEqual({
      accessToken: "at-1",
      tokenType: "bearer",
      expiresAt: 61_000,
      scope: "read",
      issuedTokenType: undefined,
    });
    const [seen] = as.seen;
    // Form-encoded (":" and "&" escaped, "-" and "." kept), then Basic.
    expect(seen?.headers.authorization).toBe(
      `Basic ${Buffer.from("svc%3A1:s3cr%26t-1.2").toString("base64")}`,
    );
    expect(form(seen)).toEqual({
      grant_type: "client_credentials",
      scope: "read",
      resource: "https://mcp.example.com/mcp",
    });
    expect(seen?.headers.dpop).toBeUndefined();
  });

  it("client_secret_post: id and secret in the body, no Authorization header; chosen when the server lists only post", async () => {
    const as = await authorizationServer();
    await requestToken({
      authorizationServer: asMetadata(as.url, {
        token_endpoint_auth_methods_supported: ["client_secret_post"],
      }),
      grantType: "client_credentials",
      parameters: {},
      client: { clientId: "svc", clientSecret: "pw" },
    });
    expect(as.seen[0]?.headers.authorization).toBeUndefined();
    expect(form(as.seen[0])).toEqual({
      grant_type: "client_credentials",
      client_id: "svc",
      client_secret: "pw",
    });
  });

  it("private_key_jwt from a PKCS#8 PEM: an assertion signed by the key, iss = sub = client id, aud = issuer", async () => {
    const as = await authorizationServer();
    const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
    await requestToken({
      authorizationServer: asMetadata(as.url),
      grantType: "client_credentials",
      parameters: { resource: "https://mcp.example.com/mcp" },
      client: { clientId: "svc", privateKey: await exportPKCS8(privateKey), algorithm: "ES256", keyId: "k1" },
    });
    const body = form(as.seen[0]);
    expect(body.client_assertion_type).toBe("urn:ietf:params:oauth:client-assertion-type:jwt-bearer");
    expect(body.client_id).toBe("svc");
    expect(body.client_secret).toBeUndefined();
    const { payload, protectedHeader } = await jwtVerify(body.client_assertion ?? "", publicKey, {
      audience: as.url,
      issuer: "svc",
      subject: "svc",
    });
    expect(protectedHeader).toEqual({ alg: "ES256", kid: "k1" });
    expect(typeof payload.jti).toBe("string");
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(60);
  });

  it("none: only client_id; no client at all: neither", async () => {
    const as = await authorizationServer();
    const base = {
      authorizationServer: asMetadata(as.url),
      grantType: "urn:ietf:params:oauth:grant-type:jwt-bearer",
    };
    await requestToken({ ...base, parameters: { assertion: "a.b.c" }, client: { clientId: "public-app" } });
    await requestToken({ ...base, parameters: { assertion: "a.b.c" } });
    expect(form(as.seen[0])).toEqual({
      grant_type: base.grantType,
      assertion: "a.b.c",
      client_id: "public-app",
    });
    expect(form(as.seen[1])).toEqual({ grant_type: base.grantType, assertion: "a.b.c" });
    expect(as.seen.map((s) => s.headers.authorization)).toEqual([undefined, undefined]);
  });
});

describe("requestToken: DPoP", () => {
  it("sends a proof for POST on the token endpoint (no ath) and keeps the DPoP token type", async () => {
    const as = await authorizationServer({ body: { access_token: "bound", token_type: "DPoP" } });
    const dpop = createDpopSigner();
    const token = await requestToken({
      authorizationServer: asMetadata(as.url),
      grantType: "client_credentials",
      parameters: {},
      client: { clientId: "svc", clientSecret: "pw" },
      dpop,
    });
    expect(token.tokenType).toBe("dpop");
    const { payload, jwk } = await verifyDpopProof(as.seen[0]?.headers.dpop);
    expect(payload.htm).toBe("POST");
    expect(payload.htu).toBe(`${as.url}/token`);
    expect(payload.ath).toBeUndefined();
    expect(payload.nonce).toBeUndefined();
    expect(jwk).toEqual(await dpop.publicJwk());
  });

  it("answers the server's use_dpop_nonce once with the nonce it sent", async () => {
    let calls = 0;
    const as = await authorizationServer(() =>
      ++calls === 1
        ? { status: 400, headers: { "DPoP-Nonce": "n-1" }, body: { error: "use_dpop_nonce" } }
        : { headers: { "DPoP-Nonce": "n-2" }, body: { access_token: "bound", token_type: "DPoP" } },
    );
    const dpop = createDpopSigner();
    const token = await requestToken({
      authorizationServer: asMetadata(as.url),
      grantType: "client_credentials",
      parameters: {},
      dpop,
    });
    expect(token.accessToken).toBe("bound");
    expect(as.seen).toHaveLength(2);
    expect((await verifyDpopProof(as.seen[0]?.headers.dpop)).payload.nonce).toBeUndefined();
    expect((await verifyDpopProof(as.seen[1]?.headers.dpop)).payload.nonce).toBe("n-1");
    // A nonce on a success is kept for the next request.
    expect(dpop.nonceFor(as.url)).toBe("n-2");
  });

  it("retries a nonce challenge only once, even when every answer brings a new nonce", async () => {
    let calls = 0;
    const as = await authorizationServer(() => ({
      status: 400,
      headers: { "DPoP-Nonce": `n-${++calls}` },
      body: { error: "use_dpop_nonce", error_description: "fresh nonce needed" },
    }));
    const error = await requestToken({
      authorizationServer: asMetadata(as.url),
      grantType: "client_credentials",
      parameters: {},
      dpop: createDpopSigner(),
    }).catch((e: unknown) => e);
    expect(as.seen).toHaveLength(2);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({
      error: "use_dpop_nonce",
      responseStatus: 400,
      message: `token endpoint ${as.url}/token refused the request: use_dpop_nonce (fresh nonce needed)`,
    });
  });
});

describe("requestToken: refusals", () => {
  it("names the endpoint and the OAuth error of a refusal", async () => {
    const as = await authorizationServer({
      status: 401,
      body: { error: "invalid_client", error_description: "bad secret" },
    });
    const error = await requestToken({
      authorizationServer: asMetadata(as.url),
      grantType: "client_credentials",
      parameters: {},
      client: { clientId: "svc", clientSecret: "nope" },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({
      name: "TokenRequestError",
      endpoint: `${as.url}/token`,
      error: "invalid_client",
      description: "bad secret",
      responseStatus: 401,
    });
  });

  it("refuses an HTML answer as a token response", async () => {
    const as = await authorizationServer({
      headers: { "content-type": "text/html" },
      body: "<html>login</html>",
    });
    const error = await requestToken({
      authorizationServer: asMetadata(as.url),
      grantType: "client_credentials",
      parameters: {},
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect((error as Error).message).toMatch(
      new RegExp(`^token endpoint ${as.url}/token answered HTTP 200 without a usable token response: `),
    );
  });

  it("refuses plain http to a non-loopback token endpoint before sending anything", async () => {
    const error = await requestToken({
      authorizationServer: { issuer: "http://as.example.com", token_endpoint: "http://as.example.com/token" },
      grantType: "client_credentials",
      parameters: {},
      client: { clientId: "svc", clientSecret: "pw" },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect((error as Error).message).toMatch(/^token request to http:\/\/as\.example\.com\/token failed: /);
  });
});
