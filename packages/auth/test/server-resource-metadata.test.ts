import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discoverIssuer, protectedResourceMetadata, protectedResourceMetadataUrl } from "../src/index.js";
import { type TestIssuer, startIssuer } from "./server-helpers.js";

describe("protected-resource metadata (RFC 9728)", () => {
  it("gives the path-aware well-known URL of a resource", () => {
    expect(protectedResourceMetadataUrl("https://mcp.example.com/mcp")).toBe(
      "https://mcp.example.com/.well-known/oauth-protected-resource/mcp",
    );
    expect(protectedResourceMetadataUrl("https://mcp.example.com/tenant/a/mcp/")).toBe(
      "https://mcp.example.com/.well-known/oauth-protected-resource/tenant/a/mcp",
    );
    expect(protectedResourceMetadataUrl("https://mcp.example.com")).toBe(
      "https://mcp.example.com/.well-known/oauth-protected-resource",
    );
  });

  it("serves the document at that URL with CORS, and nothing elsewhere", async () => {
    const metadata = protectedResourceMetadata({
      resource: "https://mcp.example.com/mcp",
      authorizationServers: ["https://auth.example.com"],
      scopesSupported: ["files:read", "files:write"],
      resourceName: "Files",
    });
    expect(metadata.document).toEqual({
      resource: "https://mcp.example.com/mcp",
      authorization_servers: ["https://auth.example.com"],
      scopes_supported: ["files:read", "files:write"],
      bearer_methods_supported: ["header"],
      resource_name: "Files",
    });
    const response = metadata.handler(new Request(metadata.url)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual(metadata.document);
    const preflight = metadata.handler(new Request(metadata.url, { method: "OPTIONS" })) as Response;
    expect(preflight.status).toBe(204);
    expect(
      metadata.handler(new Request("https://mcp.example.com/.well-known/oauth-protected-resource")),
    ).toBeUndefined();
    expect(metadata.handler(new Request("https://mcp.example.com/mcp"))).toBeUndefined();
    expect(() =>
      protectedResourceMetadata({ resource: "https://x.example", authorizationServers: [] }),
    ).toThrow("protected-resource metadata needs at least one authorization server");
  });
});

describe("discoverIssuer", () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await startIssuer();
  });
  afterAll(async () => {
    await issuer.close();
  });

  it("reads the authorization server's RFC 8414 metadata (jwks_uri, introspection endpoint)", async () => {
    const metadata = await discoverIssuer(issuer.issuer);
    expect(metadata.issuer).toBe(issuer.issuer);
    expect(metadata.jwks_uri).toBe(issuer.jwksUri);
    expect(metadata.introspection_endpoint).toBe(issuer.introspectionEndpoint);
  });

  it("names the issuer and both attempts when there is no metadata", async () => {
    await expect(discoverIssuer(`${issuer.issuer}/nothing-here`)).rejects.toThrow(
      `no authorization server metadata found for ${issuer.issuer}/nothing-here`,
    );
  });
});
