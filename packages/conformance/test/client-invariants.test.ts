import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { clientHttpRules } from "../src/invariants/client-http-rules.js";
import { Invariants } from "../src/invariants/observer.js";
import { loadRequirements } from "../src/load/requirements.js";
import type { Json } from "../src/model/json.js";
import type { Revision } from "../src/model/revisions.js";

const requirements = loadRequirements(
  fileURLToPath(new URL("../../../conformance/requirements", import.meta.url)),
);

type Step = ["client" | "server", Json];

/** Feeds one client run, in order; returns `requirement: detail` per violation. */
function run(steps: Step[], revision: Revision = "2025-11-25"): string[] {
  const invariants = new Invariants(requirements);
  const observer = invariants.forRun({ transcript: "c", revision, transport: "stdio", side: "client" });
  for (const [who, message] of steps) {
    if (who === "server") observer.sent(message);
    else observer.received(JSON.stringify(message), message);
  }
  return invariants.violations().map((v) => `${v.requirement}: ${v.detail}`);
}

const params = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } };
const init = (id: Json = 1, p: { [key: string]: Json } = params): Step => [
  "client",
  { jsonrpc: "2.0", id, method: "initialize", params: p },
];
const answer = (id: Json = 1): Step => [
  "server",
  {
    jsonrpc: "2.0",
    id,
    result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } },
  },
];
const refusal = (id: Json = 1): Step => [
  "server",
  { jsonrpc: "2.0", id, error: { code: -32602, message: "no" } },
];
const initialized: Step = ["client", { jsonrpc: "2.0", method: "notifications/initialized" }];
const request = (id: Json, method: string): Step => ["client", { jsonrpc: "2.0", id, method }];

describe("a client's opening exchange (session era)", () => {
  it("passes initialize, its answer, notifications/initialized, then requests", () => {
    expect(run([init(), answer(), initialized, request(2, "tools/list")])).toEqual([]);
  });

  it("initialize comes first; a server/discover probe may precede it", () => {
    expect(run([request(1, "tools/list"), init(2), answer(2)])).toEqual([
      "lifecycle.init.first-request: the client's first message is tools/list, not initialize",
    ]);
    expect(run([request(1, "server/discover"), init(2), answer(2), initialized])).toEqual([]);
  });

  it("initialize carries protocolVersion, capabilities and clientInfo with name and version", () => {
    expect(run([init(1, { protocolVersion: "2025-11-25", clientInfo: { name: "c" } })])).toEqual([
      "lifecycle.init.request-fields: initialize without capabilities, clientInfo.version",
    ]);
  });

  it("only ping is requested before the initialize answer", () => {
    expect(run([init(), request(2, "ping"), request(3, "tools/list"), answer()])).toEqual([
      "lifecycle.init.client-waits: tools/list requested before the initialize response arrived",
    ]);
  });

  it("notifications/initialized precedes every request but ping after the initialize result", () => {
    expect(run([init(), answer(), request(2, "ping"), request(3, "tools/list"), initialized])).toEqual([
      "lifecycle.init.initialized-notification: tools/list requested after the initialize result without notifications/initialized first",
    ]);
  });

  it("after a refused initialize nothing is demanded; a new initialize starts over", () => {
    expect(run([init(), refusal(), request(2, "ping"), init(3), answer(3), initialized])).toEqual([]);
  });

  it("initialize never travels in a batch (2025-03-26)", () => {
    const batch: Json[] = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params },
      { jsonrpc: "2.0", id: 2, method: "ping" },
    ];
    expect(run([["client", batch]], "2025-03-26")).toEqual([
      "lifecycle.init.not-batched: initialize sent inside a batch",
    ]);
  });

  it("does not apply at 2026-07-28 (no initialize)", () => {
    expect(run([request(1, "tools/list")], "2026-07-28")).toEqual([]);
  });
});

describe("the Streamable HTTP rules a client is bound by", () => {
  const both = "application/json, text/event-stream";
  const list = { jsonrpc: "2.0", id: 2, method: "tools/list" };
  const rules = (
    headers: Record<string, string>,
    session: { revision: Revision; sessionId?: string; initialized: boolean },
    body: Json = list,
    method = "POST",
  ) => clientHttpRules({ method, headers, body }, session).map((b) => `${b.requirement}: ${b.detail}`);
  const open = { revision: "2025-11-25" as Revision, sessionId: "s-1", initialized: true };
  const good = { accept: both, "mcp-session-id": "s-1", "mcp-protocol-version": "2025-11-25" };

  it("passes a POST with both types, the session id and the negotiated version", () => {
    expect(rules(good, open)).toEqual([]);
    expect(rules({ ...good, accept: "application/json;q=0.9, text/event-stream" }, open)).toEqual([]);
  });

  it("a POST accepts both application/json and text/event-stream", () => {
    expect(rules({ ...good, accept: "*/*" }, open)).toEqual([
      'http.post.accept: a POST with Accept "*/*", not both application/json and text/event-stream',
    ]);
  });

  it("echoes the session id on every request, GET and DELETE too", () => {
    expect(rules({ ...good, "mcp-session-id": "other" }, open, undefined, "DELETE")).toEqual([
      'http.session.client-echo: a DELETE with Mcp-Session-Id "other", not the one handed out',
    ]);
  });

  it("names the negotiated version after initialization (2025-06-18 onwards)", () => {
    const { "mcp-protocol-version": _, ...bare } = good;
    expect(rules(bare, open, undefined, "GET")).toEqual([
      "http.version-header.client: a GET after initialization without MCP-Protocol-Version",
    ]);
    expect(rules({ ...good, "mcp-protocol-version": "2025-06-18" }, open)).toEqual([
      "http.version-header.negotiated: MCP-Protocol-Version 2025-06-18 after negotiating 2025-11-25",
    ]);
    expect(rules(bare, { revision: "2025-03-26", sessionId: "s-1", initialized: true })).toEqual([]);
    expect(rules(bare, { revision: "2025-11-25", initialized: false })).toEqual([]);
  });

  it("a POST body is one message (2025-06-18 onwards)", () => {
    expect(rules(good, open, [list])).toEqual(["http.post.body-single: a POST body holding a batch array"]);
  });

  it("at 2026-07-28: version header matching _meta, Mcp-Method, no responses", () => {
    const modern = { revision: "2026-07-28" as Revision, initialized: false };
    const meta = { _meta: { "io.modelcontextprotocol/protocolVersion": "2025-11-25" } };
    expect(rules({ accept: both }, modern, { ...list, params: meta })).toEqual([
      "http2026.version.header-present: a POST without MCP-Protocol-Version",
      "http2026.headers.standard: Mcp-Method null on a POST of tools/list",
    ]);
    expect(
      rules({ accept: both, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" }, modern, {
        ...list,
        params: meta,
      }),
    ).toEqual([
      "http2026.version.header-matches-meta: MCP-Protocol-Version 2026-07-28 but _meta protocolVersion 2025-11-25",
    ]);
    expect(
      rules({ accept: both, "mcp-protocol-version": "2026-07-28" }, modern, {
        jsonrpc: "2.0",
        id: 1,
        result: {},
      }),
    ).toEqual(["http2026.post.no-responses: a POSTed JSON-RPC response"]);
  });

  it("at 2026-07-28: Mcp-Name names the tool, resource or prompt, base64-encoded where needed", () => {
    const modern = { revision: "2026-07-28" as Revision, initialized: false };
    const call = (name: string) => ({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
    });
    const head = { accept: both, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call" };
    expect(rules({ ...head, "mcp-name": "add" }, modern, call("add"))).toEqual([]);
    expect(rules(head, modern, call("add"))).toEqual([
      "http2026.headers.standard: a POST of tools/call without Mcp-Name",
    ]);
    expect(rules({ ...head, "mcp-name": "sub" }, modern, call("add"))).toEqual([
      'http2026.headers.standard: Mcp-Name "sub" on a POST of tools/call naming "add"',
    ]);
    const encoded = `=?base64?${Buffer.from(" padded ").toString("base64")}?=`;
    expect(rules({ ...head, "mcp-name": encoded }, modern, call(" padded "))).toEqual([]);
    expect(rules({ ...head, "mcp-name": " padded " }, modern, call(" padded "))).toEqual([
      'http2026.headers.name-encoding: Mcp-Name " padded " sent plain, not in the =?base64?...?= form',
    ]);
  });
});
