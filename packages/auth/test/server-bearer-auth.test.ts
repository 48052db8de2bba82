import { AuthenticationError } from "@mcpkit/core";
import { generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerAuth, jwtVerifier, protectedResourceMetadataUrl } from "../src/index.js";
import { RESOURCE, type TestIssuer, request, startIssuer } from "./server-helpers.js";

const METADATA = protectedResourceMetadataUrl(RESOURCE);
let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startIssuer();
});
afterAll(async () => {
  await issuer.close();
});

function protect(requiredScopes: string[] = ["mcp"]) {
  return bearerAuth({
    verifier: jwtVerifier({ issuer: issuer.issuer, jwksUri: issuer.jwksUri, audience: RESOURCE }),
    resourceMetadataUrl: METADATA,
    requiredScopes,
  });
}

/** What `authenticate` threw, as status, error, description and challenge. */
async function refusal(promise: unknown) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    return { status: error.status, error: error.error, description: error.message, headers: error.headers };
  }
  throw new Error("not refused");
}

describe("bearerAuth with jwtVerifier", () => {
  it("answers a request without a token with 401 and a challenge naming the metadata and scope, no error code", async () => {
    expect(await refusal(protect()(request({})))).toEqual({
      status: 401,
      error: "invalid_token",
      description: "this resource needs an access token (Authorization: Bearer)",
      headers: { "www-authenticate": `Bearer scope="mcp", resource_metadata="${METADATA}"` },
    });
  });

  it("returns the identity of a valid token: subject, client id, scopes, expiry, claims", async () => {
    const token = await issuer.mint();
    const info = await protect()(request({ authorization: `Bearer ${token}` }));
    expect(info).toMatchObject({ token, subject: "alice", clientId: "app", scopes: ["mcp", "files:read"] });
    expect(info?.expiresAt).toBeTypeOf("number");
    expect(info?.claims?.iss).toBe(issuer.issuer);
  });

  it("refuses a token for another audience with 401 invalid_token", async () => {
    const token = await issuer.mint({ aud: "https://other.example.com/mcp" });
    expect(await refusal(protect()(request({ authorization: `Bearer ${token}` })))).toEqual({
      status: 401,
      error: "invalid_token",
      description: `the token is not for this resource (${RESOURCE})`,
      headers: {
        "www-authenticate": `Bearer error="invalid_token", error_description="the token is not for this resource (${RESOURCE})", scope="mcp", resource_metadata="${METADATA}"`,
      },
    });
  });

  it("refuses an expired token, another issuer's, and one signed by a key the issuer does not publish", async () => {
    const expired = await issuer.mint({ exp: Math.floor(Date.now() / 1000) - 120 });
    expect((await refusal(protect()(request({ authorization: `Bearer ${expired}` })))).description).toBe(
      "the token has expired",
    );
    const foreign = await issuer.mint({ iss: "https://evil.example.com" });
    expect((await refusal(protect()(request({ authorization: `Bearer ${foreign}` })))).description).toBe(
      `the token was not issued by ${issuer.issuer}`,
    );
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await issuer.mint({}, { key: privateKey });
    expect((await refusal(protect()(request({ authorization: `Bearer ${forged}` })))).description).toBe(
      "the token's signature does not verify",
    );
    const unknownKey = await issuer.mint({}, { key: privateKey, kid: "nope" });
    expect((await refusal(protect()(request({ authorization: `Bearer ${unknownKey}` })))).description).toBe(
      "the token is not signed by a key of the authorization server",
    );
  });

  it("refuses a malformed Authorization header with 401", async () => {
    const refused = await refusal(protect()(request({ authorization: "Basic YWxpY2U6cHc=" })));
    expect(refused.status).toBe(401);
    expect(refused.description).toBe("the Authorization header is not a Bearer or DPoP token");
  });

  it("answers a token without a required scope with 403 insufficient_scope naming it (with the scopes granted)", async () => {
    const token = await issuer.mint();
    expect(
      await refusal(protect(["mcp", "files:write"])(request({ authorization: `Bearer ${token}` }))),
    ).toEqual({
      status: 403,
      error: "insufficient_scope",
      description: "this resource needs scope files:write",
      headers: {
        "www-authenticate": `Bearer error="insufficient_scope", error_description="this resource needs scope files:write", scope="mcp files:read files:write", resource_metadata="${METADATA}"`,
      },
    });
  });

  it("lets anonymous requests through when asked to", async () => {
    const open = bearerAuth({
      verifier: jwtVerifier({ issuer: issuer.issuer, jwksUri: issuer.jwksUri, audience: RESOURCE }),
      resourceMetadataUrl: METADATA,
      allowAnonymous: true,
    });
    expect(await open(request({}))).toBeUndefined();
  });

  it("fails (a 500 for the transport), not hangs, when the JWKS does not answer in time", async () => {
    const stalled = bearerAuth({
      verifier: jwtVerifier({
        issuer: issuer.issuer,
        jwksUri: `${issuer.issuer}/stalled-jwks`,
        audience: RESOURCE,
        jwksTimeoutMs: 200,
      }),
      resourceMetadataUrl: METADATA,
    });
    const token = await issuer.mint();
    const outcome = await Promise.resolve(stalled(request({ authorization: `Bearer ${token}` }))).then(
      () => "accepted",
      (error: unknown) => error,
    );
    expect(outcome).not.toBeInstanceOf(AuthenticationError);
    expect((outcome as Error).message).toBe(
      `the JWKS at ${issuer.issuer}/stalled-jwks did not answer within 200 ms`,
    );
  });
});
