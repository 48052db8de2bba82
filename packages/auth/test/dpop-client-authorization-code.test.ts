import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createDpopSigner, OAuthClientProvider } from "../src/index.js";
import type { ScriptedAnswer, SeenRequest } from "./client-scripted-server.js";
import { form, sendThrough, ServerPool, verifyDpopProof } from "./grants-helpers.js";

const pool = new ServerPool();
afterEach(() => pool.closeAll());

/** The redirect of a headless test: follow the authorization URL and read where it sends back. */
async function follow(authorizationUrl: URL): Promise<string> {
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  await response.body?.cancel();
  return new URL(response.headers.get("location") ?? "", authorizationUrl).href;
}

/** The claims of the request's valid DPoP proof, or undefined (a server answers an error, never hangs). */
async function proofClaims(request: SeenRequest) {
  try {
    return (await verifyDpopProof(request.headers.dpop)).payload;
  } catch {
    return undefined;
  }
}

describe("OAuthClientProvider with a DPoP signer", () => {
  it("binds the authorization-code token with a proof, answers both servers' nonces once, and proves every MCP request", async () => {
    const as = await pool.start();
    const rs = await pool.start();
    as.route("GET /.well-known/oauth-authorization-server", () => ({
      body: {
        issuer: as.url,
        authorization_endpoint: `${as.url}/authorize`,
        token_endpoint: `${as.url}/token`,
        registration_endpoint: `${as.url}/register`,
        response_types_supported: ["code"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
        dpop_signing_alg_values_supported: ["ES256"],
      },
    }));
    as.route("POST /register", () => ({ status: 201, body: { client_id: "dyn-client" } }));
    as.route("GET /authorize", (_request, url) => {
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", "the-code");
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      return { status: 302, headers: { location: back.href } };
    });
    as.route("POST /token", async (request: SeenRequest): Promise<ScriptedAnswer> => {
      const payload = await proofClaims(request);
      if (payload === undefined) return { status: 400, body: { error: "invalid_dpop_proof" } };
      if (payload.nonce !== "as-nonce") {
        return { status: 400, headers: { "dpop-nonce": "as-nonce" }, body: { error: "use_dpop_nonce" } };
      }
      return { body: { access_token: "bound-at", token_type: "DPoP", expires_in: 3600 } };
    });
    rs.route("GET /.well-known/oauth-protected-resource/mcp", () => ({
      body: { resource: `${rs.url}/mcp`, authorization_servers: [as.url] },
    }));
    rs.route("POST /mcp", async (request: SeenRequest): Promise<ScriptedAnswer> => {
      if (request.headers.authorization === undefined) {
        return {
          status: 401,
          headers: {
            "www-authenticate": `DPoP resource_metadata="${rs.url}/.well-known/oauth-protected-resource/mcp"`,
          },
        };
      }
      const payload = await proofClaims(request);
      if (payload === undefined)
        return { status: 401, headers: { "www-authenticate": 'DPoP error="invalid_dpop_proof"' } };
      if (payload.nonce !== "rs-nonce") {
        return {
          status: 401,
          headers: { "www-authenticate": 'DPoP error="use_dpop_nonce"', "dpop-nonce": "rs-nonce" },
        };
      }
      return { body: { jsonrpc: "2.0", id: 1, result: {} } };
    });

    const dpop = createDpopSigner();
    const provider = new OAuthClientProvider({
      redirectUrl: "http://127.0.0.1:1/callback",
      redirect: follow,
      clientMetadata: { client_name: "dpop-test" },
      dpop,
    });
    expect((await sendThrough(provider, `${rs.url}/mcp`)).status).toBe(200);

    const tokenRequests = as.seen.filter((s) => s.method === "POST" && s.path === "/token");
    expect(tokenRequests).toHaveLength(2);
    expect(form(tokenRequests[1])).toMatchObject({ grant_type: "authorization_code", code: "the-code" });
    const tokenProofs = await Promise.all(tokenRequests.map((s) => verifyDpopProof(s.headers.dpop)));
    expect(tokenProofs.map((p) => [p.payload.htm, p.payload.htu, p.payload.nonce, p.payload.ath])).toEqual([
      ["POST", `${as.url}/token`, undefined, undefined],
      ["POST", `${as.url}/token`, "as-nonce", undefined],
    ]);

    const authorized = rs.seen.filter((s) => s.method === "POST" && s.headers.authorization !== undefined);
    expect(authorized.map((s) => s.headers.authorization)).toEqual(["DPoP bound-at", "DPoP bound-at"]);
    const proofs = await Promise.all(authorized.map((s) => verifyDpopProof(s.headers.dpop)));
    const ath = createHash("sha256").update("bound-at").digest("base64url");
    expect(proofs.map((p) => [p.payload.htu, p.payload.ath, p.payload.nonce])).toEqual([
      [`${rs.url}/mcp`, ath, undefined],
      [`${rs.url}/mcp`, ath, "rs-nonce"],
    ]);
    // One key for the token and every proof.
    expect(proofs[0]?.jwk).toEqual(tokenProofs[0]?.jwk);
    expect(proofs[1]?.payload.jti).not.toBe(proofs[0]?.payload.jti);
  });
});
