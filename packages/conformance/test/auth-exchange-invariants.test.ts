import { describe, expect, it } from "vitest";
import type { Revision } from "../src/model/revisions.js";
import type { HttpExchange } from "../src/wire/wire.js";
import { violationsOf } from "./helpers/invariant-check.js";

function check(exchanges: HttpExchange[], revision: Revision): string[] {
  return violationsOf([{ exchanges }], { revision, transport: "http" });
}

const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
const refused = (status: number, challenge?: string): HttpExchange => ({
  method: "POST",
  body: JSON.stringify(ping),
  status,
  headers: challenge === undefined ? {} : { "www-authenticate": challenge },
  text: "",
});
const PRM = 'resource_metadata="https://mcp.example/.well-known/oauth-protected-resource"';

describe("authorization invariants on refused HTTP exchanges", () => {
  it("accepts Bearer challenges carrying what each revision asks for", () => {
    expect(check([refused(401, `Bearer ${PRM}`)], "2025-06-18")).toEqual([]);
    expect(
      check(
        [
          refused(401, `Bearer ${PRM}, scope="mcp:read"`),
          refused(403, `Bearer error="insufficient_scope", scope="mcp:write", ${PRM}`),
          refused(403),
        ],
        "2026-07-28",
      ),
    ).toEqual([]);
  });

  it("a 401 without a Bearer challenge", () => {
    expect(check([refused(401), refused(401, 'Basic realm="x"')], "2025-11-25")).toEqual([
      "auth.server.bearer-challenge: HTTP 401 with WWW-Authenticate null, no Bearer challenge",
    ]);
  });

  it("2025-06-18: the challenge names the metadata; from 2025-11-25 it names the scopes, never offline_access", () => {
    expect(check([refused(401, 'Bearer realm="mcp"')], "2025-06-18")).toEqual([
      'auth.server.challenge-resource-metadata: HTTP 401 whose Bearer challenge has no resource_metadata: Bearer realm="mcp"',
    ]);
    expect(check([refused(401, `Bearer ${PRM}`)], "2025-11-25")).toEqual([
      `auth.server.challenge-scope: HTTP 401 whose Bearer challenge has no scope: Bearer ${PRM}`,
    ]);
    expect(check([refused(401, `Bearer ${PRM}, scope="mcp:read offline_access"`)], "2026-07-28")).toEqual([
      `auth.server.no-offline-access: HTTP 401 whose challenge asks for offline_access: Bearer ${PRM}, scope="mcp:read offline_access"`,
    ]);
  });

  it("a 403 insufficient_scope names the scopes and the metadata (from 2025-11-25)", () => {
    const challenge = 'Bearer error="insufficient_scope"';
    expect(check([refused(403, challenge)], "2025-11-25")).toEqual([
      `auth.server.insufficient-scope-params: HTTP 403 insufficient_scope without scope and resource_metadata: ${challenge}`,
    ]);
    expect(check([refused(403, challenge)], "2025-06-18")).toEqual([]);
  });
});
