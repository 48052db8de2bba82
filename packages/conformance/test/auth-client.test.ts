// The client/auth transcripts of the suite, run against a small OAuth client written on fetch: it
// passes them all; each deliberate defect fails the transcript and the requirement it breaks.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers/cli.js";

const fakeClient = resolve(import.meta.dirname, "helpers/fake-auth-client.mjs");
const command = (bugs = "") => `FAKE_AUTH_BUGS=${bugs} ${process.execPath} ${fakeClient}`;

async function run(bugs: string, ids: string[], revision = "2026-07-28") {
  const filters = ids.flatMap((id) => ["--id", id]);
  return runCli([
    "client",
    "--command",
    command(bugs),
    "--transport",
    "http",
    "--auth",
    ...filters,
    "--revision",
    revision,
  ]);
}

describe("client/auth transcripts: the runner plays the protected resource and the authorization server", () => {
  it("pass a client that does the whole flow right, on every revision", async () => {
    const result = await runCli([
      "client",
      "--command",
      command(),
      "--transport",
      "http",
      "--auth",
      "--id",
      "client/auth/*",
    ]);
    expect(result.stderr).toBe("");
    expect(result.stdout).not.toContain("Failures:");
    expect(result.last).toBe("conformance: 31 passed, 0 failed");
    expect(result.code).toBe(0);
  }, 120_000);

  it("leave them out without --auth: authorization is optional for a client", async () => {
    const result = await runCli([
      "client",
      "--command",
      command(),
      "--transport",
      "http",
      "--id",
      "client/auth/*",
    ]);
    expect(result.stdout).not.toContain("client/auth/");
    expect(result.last).toBe("conformance: 0 passed, 0 failed");
  });

  it("fail a client without PKCE on auth.client.pkce, showing the authorization request", async () => {
    const result = await run("no-pkce", ["client/auth/authorization-code-flow"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "   requirement: auth.client.pkce (MUST) https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/security-considerations#authorization-code-protection\n",
    );
    expect(result.stdout).toContain(
      '   reason: no matching request (the client exited with code 0); closest request: $.query.code_challenge: expected {"$regex":"^[A-Za-z0-9_-]{43,128}$"}, got nothing\n',
    );
  });

  it("fail a client without the resource parameter on auth.client.resource-authorization", async () => {
    const result = await run("no-resource", ["client/auth/authorization-code-flow"], "2025-06-18");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "   requirement: auth.client.resource-authorization (MUST) https://modelcontextprotocol.io/specification/2025-06-18/basic/authorization#resource-parameter-implementation\n",
    );
    expect(result.stdout).toMatch(
      /closest request: \$\.query\.resource: expected "http:\/\/127\.0\.0\.1:\d+\/mcp", got nothing/,
    );
  });

  it("fail a client that ignores resource_metadata on auth.client.prm-from-header", async () => {
    const result = await run("ignore-header", ["client/auth/prm-from-header"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("   at: step 2: expect (the metadata named by resource_metadata)\n");
    expect(result.stdout).toContain(
      '$.path: expected "/custom/metadata/location.json", got "/.well-known/oauth-protected-resource/mcp"',
    );
    expect(result.stdout).toContain("   requirement: auth.client.prm-from-header (MUST)");
  });

  it("fail a client that redeems a code from a mixed-up authorization response", async () => {
    const result = await run("accept-any-iss", ["client/auth/iss-wrong", "client/auth/iss-correct"]);
    expect(result.last).toBe("conformance: 1 passed, 1 failed");
    expect(result.stdout).toContain("1) client/auth/iss-wrong@2026-07-28 (http)");
    expect(result.stdout).toContain(
      "   requirement: auth.client.iss-validation (MUST) https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#authorization-response-validation\n",
    );
    expect(result.stdout).toContain("   reason: a request arrived that should not have: POST /token\n");
  });

  it("fail a client that leaves the Bearer header off one request", async () => {
    const result = await run("no-bearer-on-list", ["client/auth/authorization-code-flow"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("   requirement: auth.client.bearer-every-request (MUST)");
  });
});
