import { afterEach, describe, expect, it } from "vitest";
import { AuthorizationDiscoveryError, discoverAuthorization, parseWwwAuthenticate } from "../src/index.js";
import { ScriptedServer } from "./client-scripted-server.js";

const servers: ScriptedServer[] = [];
async function server(): Promise<ScriptedServer> {
  const s = await new ScriptedServer().start();
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function asMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    response_types_supported: ["code"],
    code_challenge_methods_supported: ["S256"],
  };
}

describe("discoverAuthorization", () => {
  it("tries the path-aware then the root PRM URL, then RFC 8414 then OpenID (path-inserted first)", async () => {
    const as = await server();
    const rs = await server();
    rs.route("GET /.well-known/oauth-protected-resource", () => ({
      body: { resource: rs.url, authorization_servers: [`${as.url}/tenant1`] },
    }));
    as.route("GET /tenant1/.well-known/openid-configuration", () => ({
      body: asMetadata(`${as.url}/tenant1`),
    }));
    const found = await discoverAuthorization({ serverUrl: `${rs.url}/public/mcp` });
    expect(rs.lines).toEqual([
      "GET /.well-known/oauth-protected-resource/public/mcp",
      "GET /.well-known/oauth-protected-resource",
    ]);
    expect(as.lines).toEqual([
      "GET /.well-known/oauth-authorization-server/tenant1",
      "GET /.well-known/openid-configuration/tenant1",
      "GET /tenant1/.well-known/openid-configuration",
    ]);
    // The resource is kept exactly as published (no trailing slash added).
    expect(found.resource).toBe(rs.url);
    expect(found.authorizationServer.issuer).toBe(`${as.url}/tenant1`);
  });

  it("uses the challenge's resource_metadata alone, and returns its scope", async () => {
    const as = await server();
    const rs = await server();
    rs.route("GET /custom/prm.json", () => ({
      body: { resource: `${rs.url}/mcp`, authorization_servers: [as.url] },
    }));
    as.route("GET /.well-known/oauth-authorization-server", () => ({ body: asMetadata(as.url) }));
    const found = await discoverAuthorization({
      serverUrl: `${rs.url}/mcp`,
      wwwAuthenticate: `Bearer error="invalid_token", scope="a b", resource_metadata="${rs.url}/custom/prm.json"`,
    });
    expect(rs.lines).toEqual(["GET /custom/prm.json"]);
    expect(as.lines).toEqual(["GET /.well-known/oauth-authorization-server"]);
    expect(found.challengeScope).toBe("a b");
    expect(found.challengeError).toBe("invalid_token");
  });

  it("refuses a PRM whose resource is another server", async () => {
    const rs = await server();
    rs.route("GET /.well-known/oauth-protected-resource/mcp", () => ({
      body: { resource: "https://evil.example.com/mcp", authorization_servers: ["https://as.example"] },
    }));
    await expect(discoverAuthorization({ serverUrl: `${rs.url}/mcp` })).rejects.toThrow(
      `the protected-resource metadata at ${rs.url}/.well-known/oauth-protected-resource/mcp is for resource https://evil.example.com/mcp, not for ${rs.url}/mcp: refused`,
    );
  });

  it("refuses AS metadata whose issuer differs from the one the PRM named", async () => {
    const as = await server();
    const rs = await server();
    rs.route("GET /.well-known/oauth-protected-resource/mcp", () => ({
      body: { resource: `${rs.url}/mcp`, authorization_servers: [as.url] },
    }));
    as.route("GET /.well-known/oauth-authorization-server", () => ({
      body: asMetadata("https://attacker.example.com"),
    }));
    const error = await discoverAuthorization({ serverUrl: `${rs.url}/mcp` }).catch((e) => e);
    expect(error).toBeInstanceOf(AuthorizationDiscoveryError);
    expect(error.message).toBe(
      `the authorization-server metadata at ${as.url}/.well-known/oauth-authorization-server names issuer "https://attacker.example.com", not "${as.url}": refused`,
    );
  });

  it("refuses a discovery redirect to another origin and names the URLs", async () => {
    const other = await server();
    const rs = await server();
    rs.route("GET /.well-known/oauth-protected-resource/mcp", () => ({
      status: 302,
      headers: { location: `${other.url}/prm` },
    }));
    const error = await discoverAuthorization({ serverUrl: `${rs.url}/mcp` }).catch((e) => e);
    expect(error).toBeInstanceOf(AuthorizationDiscoveryError);
    expect(error.message).toBe(
      `${rs.url}/.well-known/oauth-protected-resource/mcp redirected to another origin (${other.url}): refused`,
    );
    expect(other.seen).toEqual([]);
  });

  it("names malformed protected-resource metadata and the URL it came from", async () => {
    const rs = await server();
    rs.route("GET /.well-known/oauth-protected-resource/mcp", () => ({
      headers: { "content-type": "application/json" },
      body: "{ not json",
    }));
    const error = await discoverAuthorization({ serverUrl: `${rs.url}/mcp` }).catch((e) => e);
    expect(error).toBeInstanceOf(AuthorizationDiscoveryError);
    expect(error.message).toContain(`${rs.url}/.well-known/oauth-protected-resource/mcp`);
    expect(error.urls).toContain(`${rs.url}/.well-known/oauth-protected-resource/mcp`);
  });

  it("refuses malformed authorization-server metadata with what was wrong, and uses none of it", async () => {
    const as = await server();
    const rs = await server();
    rs.route("GET /.well-known/oauth-protected-resource/mcp", () => ({
      body: { resource: `${rs.url}/mcp`, authorization_servers: [as.url] },
    }));
    as.route("GET /.well-known/oauth-authorization-server", () => ({ body: { issuer: 42 } }));
    as.route("GET /.well-known/openid-configuration", () => ({ body: ["not", "an", "object"] }));
    const error = await discoverAuthorization({ serverUrl: `${rs.url}/mcp` }).catch((e) => e);
    expect(error).toBeInstanceOf(AuthorizationDiscoveryError);
    expect(error.message).toBe(
      `the authorization-server metadata at ${as.url}/.well-known/oauth-authorization-server names issuer 42, not "${as.url}": refused`,
    );
    expect(as.lines).toEqual(["GET /.well-known/oauth-authorization-server"]);
  });

  it("names every URL tried when no PRM exists", async () => {
    const rs = await server();
    const error = await discoverAuthorization({ serverUrl: `${rs.url}/mcp` }).catch((e) => e);
    expect(error.urls).toEqual([
      `${rs.url}/.well-known/oauth-protected-resource/mcp`,
      `${rs.url}/.well-known/oauth-protected-resource`,
    ]);
    expect(error.message).toBe(`no protected-resource metadata found (tried ${error.urls.join(", ")})`);
  });

  it("refuses plain http to a non-loopback host", async () => {
    await expect(discoverAuthorization({ serverUrl: "http://mcp.example.com/mcp" })).rejects.toThrow(
      "metadata URL http://mcp.example.com/.well-known/oauth-protected-resource/mcp is not an HTTPS URL",
    );
  });
});

describe("parseWwwAuthenticate", () => {
  it("reads quoted and token parameters of several challenges", () => {
    expect(
      parseWwwAuthenticate(
        `Basic realm="x", Bearer error=insufficient_scope, scope="a \\"b\\"", DPoP algs="ES256"`,
      ),
    ).toEqual([
      { scheme: "basic", params: { realm: "x" } },
      { scheme: "bearer", params: { error: "insufficient_scope", scope: 'a "b"' } },
      { scheme: "dpop", params: { algs: "ES256" } },
    ]);
  });
});
