import { AuthenticationError } from "@mcpkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { introspectionVerifier } from "../src/index.js";
import { RESOURCE, type TestIssuer, request, startIssuer } from "./server-helpers.js";

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startIssuer();
});
afterAll(async () => {
  await issuer.close();
});

const future = () => Math.floor(Date.now() / 1000) + 300;

function verifier(options: { audience?: string; clientSecret?: string; cacheTtlMs?: number } = {}) {
  return introspectionVerifier({
    endpoint: issuer.introspectionEndpoint,
    clientId: "mcp-server",
    clientSecret: options.clientSecret ?? "s3cret",
    audience: options.audience ?? RESOURCE,
    ...(options.cacheTtlMs === undefined ? {} : { cacheTtlMs: options.cacheTtlMs }),
  });
}

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AuthenticationError)) throw new Error(`not refused: ${String(error)}`);
  return `${error.status} ${error.error}: ${error.message}`;
}

describe("introspectionVerifier (RFC 7662)", () => {
  it("turns an active answer into the identity and reuses it for a while", async () => {
    issuer.introspection.set("opaque-1", {
      active: true,
      sub: "alice",
      client_id: "app",
      scope: "mcp files:read",
      aud: RESOURCE,
      exp: future(),
    });
    const verify = verifier();
    const before = issuer.hits.filter((h) => h === "/introspect").length;
    const info = await verify.verify("opaque-1", request({}));
    expect(info).toMatchObject({
      token: "opaque-1",
      subject: "alice",
      clientId: "app",
      scopes: ["mcp", "files:read"],
    });
    await verify.verify("opaque-1", request({}));
    expect(issuer.hits.filter((h) => h === "/introspect").length - before).toBe(1);
  });

  it("refuses an inactive token, one for another audience, and an expired one", async () => {
    expect(await refusalOf(verifier().verify("unknown", request({})))).toBe(
      "401 invalid_token: the token is not active",
    );
    issuer.introspection.set("elsewhere", {
      active: true,
      sub: "a",
      aud: "https://other.example.com",
      exp: future(),
    });
    expect(await refusalOf(verifier().verify("elsewhere", request({})))).toBe(
      `401 invalid_token: the token is not for this resource (${RESOURCE})`,
    );
    issuer.introspection.set("old", { active: true, sub: "a", aud: RESOURCE, exp: 1000 });
    expect(await refusalOf(verifier().verify("old", request({})))).toBe(
      "401 invalid_token: the token has expired",
    );
  });

  it("fails as the server's problem (not the token's) when the introspection endpoint refuses the server", async () => {
    const error = await verifier({ clientSecret: "wrong" })
      .verify("opaque-1", request({}))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AuthenticationError);
  });
});
