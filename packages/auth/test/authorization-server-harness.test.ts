// The test authorization server works as a real one: driven here by a raw oauth4webapi flow, with
// nothing of @mcpkit/auth involved, so the end-to-end tests can trust it.
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthorizationServer, startAuthorizationServer } from "./support/authorization-server.js";

const RESOURCE = "http://127.0.0.1:9/mcp";
const REDIRECT_URI = "http://127.0.0.1:9/callback";
const insecure = { [oauth.allowInsecureRequests]: true } as const;

let as: AuthorizationServer;
let metadata: oauth.AuthorizationServer;

beforeAll(async () => {
  as = await startAuthorizationServer({
    clients: [
      {
        client_id: "resource-server",
        client_secret: "resource-server-secret",
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: [],
        scope: "mcp:read",
      },
    ],
    opaqueTokens: (resource) => resource.endsWith("/opaque"),
  });
  const issuer = new URL(as.issuer);
  metadata = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...insecure }),
  );
});

afterAll(async () => {
  await as.close();
});

async function registerPublicClient(): Promise<oauth.Client> {
  const response = await oauth.dynamicClientRegistrationRequest(
    metadata,
    {
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      client_name: "harness test",
    },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(response);
}

async function codeFlow(
  client: oauth.Client,
  scope: string,
  resource: string,
  options: { dpop?: oauth.DPoPHandle } = {},
): Promise<oauth.TokenEndpointResponse> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(metadata.authorization_endpoint as string);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope,
    state,
    resource,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  const callback = await as.authorize(url);
  expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
  const parameters = oauth.validateAuthResponse(metadata, client, callback, state);
  const response = await oauth.authorizationCodeGrantRequest(
    metadata,
    client,
    oauth.None(),
    parameters,
    REDIRECT_URI,
    verifier,
    { additionalParameters: { resource }, DPoP: options.dpop, ...insecure },
  );
  return oauth.processAuthorizationCodeResponse(metadata, client, response);
}

describe("the test authorization server", () => {
  it("advertises what the MCP tests need", () => {
    expect(metadata.issuer).toBe(as.issuer);
    expect(metadata.registration_endpoint).toBe(`${as.issuer}/reg`);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(["authorization_code", "refresh_token", "client_credentials"]),
    );
    expect(metadata.scopes_supported).toEqual([
      "openid",
      "offline_access",
      "mcp:read",
      "mcp:write",
      "mcp:admin",
    ]);
    expect(metadata.introspection_endpoint).toBe(`${as.issuer}/token/introspection`);
    expect(metadata.revocation_endpoint).toBe(`${as.issuer}/token/revocation`);
    expect(metadata.dpop_signing_alg_values_supported).toEqual(expect.arrayContaining(["ES256"]));
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
  });

  it("registers a client, runs the PKCE code flow with automated consent, and issues a JWT for the resource", async () => {
    const client = await registerPublicClient();
    const tokens = await codeFlow(client, "mcp:read offline_access", RESOURCE);
    expect(tokens.token_type).toBe("bearer");
    // offline_access is dropped without prompt=consent (OIDC Core 11); the refresh token comes anyway.
    expect(tokens.scope).toBe("mcp:read");
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const jwks = createRemoteJWKSet(new URL(metadata.jwks_uri as string));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: as.issuer,
      audience: RESOURCE,
      typ: "at+jwt",
    });
    expect(protectedHeader.alg).toBe("ES256");
    expect(payload).toMatchObject({ sub: "alice", client_id: client.client_id, scope: "mcp:read" });
    expect(as.interactions.slice(-2)).toEqual([
      { prompt: "login", clientId: client.client_id, grantedScopes: [] },
      { prompt: "consent", clientId: client.client_id, grantedScopes: ["mcp:read"] },
    ]);
    expect(as.serverErrors).toEqual([]);
  });

  it("refuses an authorization request without PKCE", async () => {
    const client = await registerPublicClient();
    const url = new URL(metadata.authorization_endpoint as string);
    url.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "mcp:read",
      resource: RESOURCE,
    }).toString();
    const callback = await as.authorize(url);
    expect(callback.searchParams.get("error")).toBe("invalid_request");
    expect(callback.searchParams.get("error_description")).toBe(
      "Authorization Server policy requires PKCE to be used for this request",
    );
  });

  it("rotates refresh tokens, keeps the resource and refuses a used refresh token", async () => {
    const client = await registerPublicClient();
    const first = await codeFlow(client, "mcp:read mcp:write offline_access", RESOURCE);
    const refresh = (token: string) =>
      oauth.refreshTokenGrantRequest(metadata, client, oauth.None(), token, {
        additionalParameters: { resource: RESOURCE },
        ...insecure,
      });
    const second = await oauth.processRefreshTokenResponse(
      metadata,
      client,
      await refresh(first.refresh_token as string),
    );
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token)).toMatchObject({ aud: RESOURCE, scope: "mcp:read mcp:write" });

    const reused = oauth.processRefreshTokenResponse(
      metadata,
      client,
      await refresh(first.refresh_token as string),
    );
    await expect(reused).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("issues opaque tokens for an introspected resource, introspects them and revokes them (a whole grant, or one token)", async () => {
    const client = await registerPublicClient();
    const opaque = `${RESOURCE}/opaque`;
    const tokens = await codeFlow(client, "mcp:read offline_access", opaque);
    expect(() => decodeJwt(tokens.access_token)).toThrow();

    const resourceServer: oauth.Client = { client_id: "resource-server" };
    const introspect = async (token: string) =>
      oauth.processIntrospectionResponse(
        metadata,
        resourceServer,
        await oauth.introspectionRequest(
          metadata,
          resourceServer,
          oauth.ClientSecretBasic("resource-server-secret"),
          token,
          insecure,
        ),
      );
    expect(await introspect(tokens.access_token)).toMatchObject({
      active: true,
      sub: "alice",
      aud: opaque,
      client_id: client.client_id,
      scope: "mcp:read",
      token_type: "Bearer",
    });

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(metadata, client, oauth.None(), tokens.access_token, insecure),
    );
    // The revocation endpoint revokes every token of the grant (oidc-provider's behaviour).
    expect(await introspect(tokens.access_token)).toEqual({ active: false });
    expect(await introspect(tokens.refresh_token as string)).toEqual({ active: false });

    // revokeToken revokes that one token only: the refresh token still works.
    const more = await codeFlow(client, "mcp:read", opaque);
    expect(await as.revokeToken(more.access_token)).toBe(true);
    expect(await as.revokeToken(more.access_token)).toBe(false);
    expect(await introspect(more.access_token)).toEqual({ active: false });
    expect(await introspect(more.refresh_token as string)).toMatchObject({
      active: true,
      client_id: client.client_id,
      sub: "alice",
    });
  });

  it("issues client-credentials JWTs limited to the client's scopes", async () => {
    const client: oauth.Client = { client_id: "resource-server" };
    const response = await oauth.clientCredentialsGrantRequest(
      metadata,
      client,
      oauth.ClientSecretPost("resource-server-secret"),
      { scope: "mcp:read", resource: RESOURCE },
      insecure,
    );
    const tokens = await oauth.processClientCredentialsResponse(metadata, client, response);
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      aud: RESOURCE,
      client_id: "resource-server",
      scope: "mcp:read",
    });
  });

  it("binds tokens to a DPoP key (cnf.jkt) in the code flow", async () => {
    const client = await registerPublicClient();
    const keyPair = await oauth.generateKeyPair("ES256");
    const tokens = await codeFlow(client, "mcp:read", RESOURCE, { dpop: oauth.DPoP(client, keyPair) });
    expect(tokens.token_type).toBe("dpop");
    const claims = decodeJwt(tokens.access_token);
    expect(claims.cnf).toEqual({ jkt: expect.any(String) });
  });

  it("grants only what the consent allows, and asks again for what it refused", async () => {
    as.setConsent((requested) => requested.filter((scope) => scope !== "mcp:admin"));
    try {
      const client = await registerPublicClient();
      const tokens = await codeFlow(client, "mcp:read mcp:admin", RESOURCE);
      expect(tokens.scope).toBe("mcp:read");
      expect(as.interactions.at(-1)).toEqual({
        prompt: "consent",
        clientId: client.client_id,
        grantedScopes: ["mcp:read"],
      });
    } finally {
      as.setConsent((requested) => requested);
    }
  });

  it("refuses a resource it does not serve, and a TTL under one second", async () => {
    const strict = await startAuthorizationServer({ acceptResource: (resource) => resource === RESOURCE });
    try {
      const strictMetadata = await oauth.processDiscoveryResponse(
        new URL(strict.issuer),
        await oauth.discoveryRequest(new URL(strict.issuer), { algorithm: "oidc", ...insecure }),
      );
      const client = await oauth.processDynamicClientRegistrationResponse(
        await oauth.dynamicClientRegistrationRequest(
          strictMetadata,
          { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" },
          insecure,
        ),
      );
      const url = new URL(strictMetadata.authorization_endpoint as string);
      url.search = new URLSearchParams({
        client_id: client.client_id,
        redirect_uri: REDIRECT_URI,
        response_type: "code",
        scope: "mcp:read",
        resource: "http://127.0.0.1:9/other",
        code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
        code_challenge_method: "S256",
      }).toString();
      const callback = await strict.authorize(url);
      expect(callback.searchParams.get("error")).toBe("invalid_target");
      expect(callback.searchParams.get("error_description")).toBe(
        "unknown resource http://127.0.0.1:9/other",
      );
      expect(() => strict.setAccessTokenTtl(0)).toThrow("TTL must be a whole number of seconds, at least 1");
    } finally {
      await strict.close();
    }
  });
});
