import { afterEach, describe, expect, it } from "vitest";
import {
  AuthorizationServerError,
  InsufficientScopeError,
  MemoryTokenStore,
  UnauthorizedError,
} from "../src/index.js";
import { form, s256, unauthorized, type World, world } from "./client-oauth-world.js";

let current: World | undefined;
async function setUp(): Promise<World> {
  current = await world();
  return current;
}
afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe("OAuthClientProvider: the authorization code flow", () => {
  it("discovers, registers (native), authorizes with PKCE S256, state and resource, then sends the token", async () => {
    const w = await setUp();
    const provider = w.provider();
    expect(await provider.headers({ method: "POST", url: w.serverUrl })).toEqual({});
    expect(await provider.onChallenge(unauthorized(w.serverUrl))).toBe("retry");

    expect(w.rs.lines).toEqual(["GET /.well-known/oauth-protected-resource/mcp"]);
    expect(w.as.lines).toEqual([
      "GET /.well-known/oauth-authorization-server",
      "POST /register",
      "POST /token",
    ]);
    const registration = JSON.parse(w.as.seen[1]?.body ?? "{}");
    expect(registration).toMatchObject({
      redirect_uris: ["http://127.0.0.1:9/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      application_type: "native",
    });

    const query = Object.fromEntries(w.authorizations[0]?.searchParams ?? []);
    const token = form(w.as.seen[2]?.body ?? "");
    expect(query).toMatchObject({
      response_type: "code",
      client_id: "c1",
      redirect_uri: "http://127.0.0.1:9/callback",
      code_challenge_method: "S256",
      resource: w.serverUrl,
    });
    expect(query.state).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(query.scope).toBeUndefined();
    expect(token).toMatchObject({
      grant_type: "authorization_code",
      code: "the-code",
      redirect_uri: "http://127.0.0.1:9/callback",
      resource: w.serverUrl,
      client_id: "c1",
    });
    // The verifier sent to the token endpoint is the one the challenge was made from.
    expect(s256(token.code_verifier ?? "")).toBe(query.code_challenge);

    expect(await provider.headers({ method: "POST", url: w.serverUrl })).toEqual({
      authorization: "Bearer at1",
    });
  });

  it("never gives the token for a request to another origin", async () => {
    const w = await setUp();
    const provider = w.provider();
    await provider.onChallenge(unauthorized(w.serverUrl));
    expect(await provider.headers({ method: "POST", url: "http://127.0.0.2:1/mcp" })).toEqual({});
    expect(await provider.headers({ method: "GET", url: `${w.serverUrl}?x=1` })).toEqual({
      authorization: "Bearer at1",
    });
  });

  it("refuses an iss that is not the recorded issuer, before the code reaches the token endpoint", async () => {
    const w = await setUp();
    w.metadata.authorization_response_iss_parameter_supported = true;
    w.answer = (url) =>
      `http://127.0.0.1:9/callback?code=c&state=${url.searchParams.get("state")}&iss=${encodeURIComponent(`${w.as.url}/`)}`;
    const error = await w
      .provider()
      .onChallenge(unauthorized(w.serverUrl))
      .catch((e) => e);
    expect(error).toBeInstanceOf(AuthorizationServerError);
    expect(error.message).toBe(
      `the authorization response failed the RFC 9207 issuer check against ${w.as.url}: unexpected "iss" (issuer) response parameter value; the code was not used`,
    );
    expect(w.as.lines).not.toContain("POST /token");
  });

  it("refuses a missing iss when the server advertises it", async () => {
    const w = await setUp();
    w.metadata.authorization_response_iss_parameter_supported = true;
    w.answer = (url) => `http://127.0.0.1:9/callback?code=c&state=${url.searchParams.get("state")}`;
    await expect(w.provider().onChallenge(unauthorized(w.serverUrl))).rejects.toThrow(
      'response parameter "iss" (issuer) missing',
    );
    expect(w.as.lines).not.toContain("POST /token");
  });

  it("refuses an authorization server that does not advertise S256, before any redirect", async () => {
    const w = await setUp();
    w.metadata.code_challenge_methods_supported = ["plain"];
    await expect(w.provider().onChallenge(unauthorized(w.serverUrl))).rejects.toThrow(
      `the authorization server ${w.as.url} does not advertise PKCE S256 (code_challenge_methods_supported: ["plain"]); refusing to authorize without it`,
    );
    expect(w.authorizations).toEqual([]);
  });

  it("names a token endpoint that answers HTML", async () => {
    const w = await setUp();
    w.as.route("POST /token", {
      headers: { "content-type": "text/html" },
      body: "<html>Sign in</html>",
    });
    const error = await w
      .provider()
      .onChallenge(unauthorized(w.serverUrl))
      .catch((e) => e);
    expect(error).toBeInstanceOf(AuthorizationServerError);
    expect(error.message).toBe(
      `the token endpoint ${w.as.url}/token answered HTTP 200 with text/html, not JSON: "<html>Sign in</html>"`,
    );
    expect(error.status).toBe(401);
  });

  it("bounds each request of the flow (requestTimeoutMs) and names the endpoint that did not answer", async () => {
    const w = await setUp();
    w.as.route("POST /token", () => new Promise(() => {}));
    const error = await w
      .provider({ requestTimeoutMs: 50 })
      .onChallenge(unauthorized(w.serverUrl))
      .catch((e) => e);
    expect(error).toBeInstanceOf(AuthorizationServerError);
    expect(error.message).toBe(
      `cannot reach the token endpoint ${w.as.url}/token: ${w.as.url}/token did not answer within 50 ms (requestTimeoutMs)`,
    );
  });

  it("refuses a clientMetadataUrl that cannot be a metadata document", async () => {
    const w = await setUp();
    expect(() => w.provider({ clientMetadataUrl: "http://app.example/client.json" })).toThrow(
      "clientMetadataUrl must be an https URL with a path (a Client ID Metadata Document), not http://app.example/client.json",
    );
  });

  it("uses a pre-registered confidential client with client_secret_basic and never registers", async () => {
    const w = await setUp();
    w.metadata.token_endpoint_auth_methods_supported = ["client_secret_basic"];
    delete w.metadata.registration_endpoint;
    await w
      .provider({ clientId: "pre-registered-client", clientSecret: "s3cret" })
      .onChallenge(unauthorized(w.serverUrl));
    const tokenRequest = w.as.seen.find((r) => r.path === "/token");
    expect(tokenRequest?.headers.authorization).toBe(
      `Basic ${Buffer.from("pre-registered-client:s3cret").toString("base64")}`,
    );
    expect(form(tokenRequest?.body ?? "").client_secret).toBeUndefined();
    expect(w.as.lines).not.toContain("POST /register");
  });

  it("uses the Client ID Metadata Document URL where the server supports it", async () => {
    const w = await setUp();
    w.metadata.client_id_metadata_document_supported = true;
    await w
      .provider({ clientMetadataUrl: "https://app.example/client.json" })
      .onChallenge(unauthorized(w.serverUrl));
    expect(w.authorizations[0]?.searchParams.get("client_id")).toBe("https://app.example/client.json");
    expect(w.as.lines).not.toContain("POST /register");
  });
});

describe("OAuthClientProvider: scopes", () => {
  it("takes the challenge's scope, adds offline_access only where listed, and steps up with the union", async () => {
    const w = await setUp();
    w.metadata.scopes_supported = ["a", "b", "offline_access"];
    w.prm.scopes_supported = ["x"];
    const provider = w.provider({ maxAuthorizationAttempts: 2 });
    await provider.onChallenge(unauthorized(w.serverUrl, 'Bearer scope="a"'));
    const refused = {
      method: "POST",
      url: w.serverUrl,
      status: 403,
      headers: { "www-authenticate": 'Bearer error="insufficient_scope", scope="b"' },
    };
    await provider.onChallenge(refused);
    expect(w.authorizations.map((u) => u.searchParams.get("scope"))).toEqual([
      "a offline_access",
      "a offline_access b",
    ]);
    // A third authorization without a success in between is over the limit.
    const error = await provider.onChallenge(refused).catch((e) => e);
    expect(error).toBeInstanceOf(InsufficientScopeError);
    expect(error.message).toBe(
      `${w.serverUrl} still answers 403 insufficient_scope (scope "b") after 2 authorizations (maxAuthorizationAttempts)`,
    );
    expect(error.status).toBe(403);
    // A success resets the count.
    provider.onResponse({ method: "POST", url: w.serverUrl, status: 200, headers: {} });
    await expect(provider.onChallenge(refused)).resolves.toBe("retry");
  });

  it("falls back to the PRM's scopes_supported, and to no scope at all", async () => {
    const w = await setUp();
    w.prm.scopes_supported = ["x", "y"];
    await w.provider().onChallenge(unauthorized(w.serverUrl));
    delete w.prm.scopes_supported;
    await w.provider().onChallenge(unauthorized(w.serverUrl));
    expect(w.authorizations.map((u) => u.searchParams.get("scope"))).toEqual(["x y", null]);
  });

  it("refuses a 403 that is not insufficient_scope without authorizing", async () => {
    const w = await setUp();
    const error = await w
      .provider()
      .onChallenge({ method: "POST", url: w.serverUrl, status: 403, headers: {} })
      .catch((e) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.message).toBe(`${w.serverUrl} refused the request with HTTP 403`);
    expect(w.as.seen).toEqual([]);
  });
});

describe("OAuthClientProvider: refresh and migration", () => {
  it("refreshes an expired token (rotating the refresh token) and sends the resource", async () => {
    const w = await setUp();
    w.tokens = [
      { access_token: "at1", token_type: "Bearer", expires_in: 1, refresh_token: "rt1" },
      { access_token: "at2", token_type: "Bearer", expires_in: 1, refresh_token: "rt2" },
      { access_token: "at3", token_type: "Bearer", expires_in: 1 },
    ];
    const provider = w.provider({ refreshSkewMs: 60_000 });
    await provider.onChallenge(unauthorized(w.serverUrl));
    expect(await provider.headers({ method: "POST", url: w.serverUrl })).toEqual({
      authorization: "Bearer at2",
    });
    expect(await provider.headers({ method: "POST", url: w.serverUrl })).toEqual({
      authorization: "Bearer at3",
    });
    const refreshes = w.as.seen
      .filter((r) => r.path === "/token")
      .slice(1)
      .map((r) => form(r.body));
    expect(refreshes.map((f) => [f.grant_type, f.refresh_token, f.resource])).toEqual([
      ["refresh_token", "rt1", w.serverUrl],
      ["refresh_token", "rt2", w.serverUrl],
    ]);
    // No new refresh token in the last answer: the rotated one is kept.
    expect((await provider.currentTokens())?.refresh_token).toBe("rt2");
  });

  it("answers a 401 by refreshing first; a 401 for the refreshed token means a new authorization", async () => {
    const w = await setUp();
    w.tokens = [
      { access_token: "at1", token_type: "Bearer", expires_in: 3600, refresh_token: "rt1" },
      { access_token: "at2", token_type: "Bearer", expires_in: 3600, refresh_token: "rt2" },
      { access_token: "at3", token_type: "Bearer", expires_in: 3600 },
    ];
    const provider = w.provider();
    await provider.onChallenge(unauthorized(w.serverUrl));
    await provider.onChallenge(unauthorized(w.serverUrl));
    expect(w.authorizations).toHaveLength(1);
    expect(await provider.headers({ method: "POST", url: w.serverUrl })).toEqual({
      authorization: "Bearer at2",
    });
    await provider.onChallenge(unauthorized(w.serverUrl));
    expect(w.authorizations).toHaveLength(2);
    expect(await provider.headers({ method: "POST", url: w.serverUrl })).toEqual({
      authorization: "Bearer at3",
    });
  });

  it("drops the tokens of an authorization server the server no longer names and registers at the new one", async () => {
    const w = await setUp();
    const store = new MemoryTokenStore();
    await w.provider({ store }).onChallenge(unauthorized(w.serverUrl));
    const other = await world();
    try {
      // The same resource now names another authorization server.
      w.prm.authorization_servers = [other.as.url];
      w.answer = (url) =>
        `http://127.0.0.1:9/callback?code=c&state=${url.searchParams.get("state")}&iss=${encodeURIComponent(other.as.url)}`;
      other.tokens = [{ access_token: "other-at", token_type: "Bearer" }];
      const provider = w.provider({ store });
      expect(await provider.headers({ method: "POST", url: w.serverUrl })).toEqual({
        authorization: "Bearer at1",
      });
      await provider.onChallenge(unauthorized(w.serverUrl));
      expect(other.as.lines).toEqual([
        "GET /.well-known/oauth-authorization-server",
        "POST /register",
        "POST /token",
      ]);
      // No refresh token of the old server went to the new one.
      const sent = other.as.seen.map((r) => r.body).join("\n");
      expect(sent).not.toContain("rt1");
      expect(await provider.headers({ method: "POST", url: w.serverUrl })).toEqual({
        authorization: "Bearer other-at",
      });
      expect(JSON.parse((await store.get(`client ${other.as.url}`)) ?? "{}")).toEqual({ client_id: "c1" });
    } finally {
      await other.close();
    }
  });
});
