// Invariants added by the manifest sweep of the core areas (issue 26): each requirement id with
// the exact detail, and a correct message that passes.
import { describe, expect, it } from "vitest";
import type { Json } from "../src/model/json.js";
import type { Revision, TransportName } from "../src/model/revisions.js";
import type { HttpExchange } from "../src/wire/wire.js";
import { Invariants } from "../src/invariants/observer.js";
import { requirements, violationsOf } from "./helpers/invariant-check.js";

/** Feeds `sent` then `received` through one run; returns `requirement: detail` per violation. */
function check(
  sent: Json[],
  received: (Json | string)[],
  revision: Revision = "2025-11-25",
  transport: TransportName = "stdio",
  clientCapabilities: { [key: string]: Json } = {},
): string[] {
  return violationsOf([{ sent, received }], { revision, transport, clientCapabilities, step: "step 3" });
}

const req = (id: Json, method: string, params: { [key: string]: Json } = {}) => ({
  jsonrpc: "2.0",
  id,
  method,
  params,
});
const note = (method: string, params: { [key: string]: Json } = {}) => ({ jsonrpc: "2.0", method, params });
const ok = (id: Json, result: { [key: string]: Json }) => ({ jsonrpc: "2.0", id, result });
const fail = (id: Json, code: number) => ({ jsonrpc: "2.0", id, error: { code, message: "no" } });
const modern = (result: { [key: string]: Json }) => ({
  resultType: "complete",
  _meta: { "io.modelcontextprotocol/serverInfo": { name: "s", version: "1" } },
  ...result,
});

describe("JSON-RPC sweep invariants", () => {
  it("a notification with an id, reported where it was seen", () => {
    const invariants = new Invariants(requirements);
    const run = invariants.forRun({ transcript: "server/x", revision: "2025-11-25", transport: "stdio" });
    run.step = "step 4";
    const message = { jsonrpc: "2.0", id: 9, method: "notifications/message", params: { level: "info" } };
    run.received(JSON.stringify(message), message);
    expect(invariants.violations()).toEqual([
      {
        requirement: "base.notification.no-id",
        detail: "a notifications/message notification with an id",
        message,
        transcript: "server/x",
        revision: "2025-11-25",
        step: "step 4",
        occurrences: 1,
      },
    ]);
    expect(check([], [note("notifications/message", { level: "info" })])).toEqual([]);
  });

  it("2026-07-28 error codes: legacy range, undefined MCP codes, application codes in the reserved range", () => {
    const discover = ok(
      0,
      modern({ supportedVersions: ["2026-07-28"], capabilities: {}, ttlMs: 0, cacheScope: "private" }),
    );
    const sent = [
      req(0, "server/discover"),
      req(1, "tools/call"),
      req(2, "tools/call"),
      req(3, "tools/call"),
      req(4, "tools/call"),
    ];
    const errors = (...codes: number[]) => codes.map((code, i) => fail(i + 1, code));
    expect(check(sent, [discover, ...errors(-32001, -32050, -32500, -32602)], "2026-07-28")).toEqual([
      "base.error-codes.app-range: error code -32500 is in the JSON-RPC reserved range -32768..-32000 but defined by neither JSON-RPC nor MCP",
      "base.error-codes.no-legacy-range: error code -32001 is in the legacy range -32000..-32019",
      "base.error-codes.no-undefined-reserved: error code -32050 is in the MCP range -32020..-32099 but not defined by 2026-07-28",
    ]);
    // Defined codes, application codes outside the range, and the session era are fine.
    expect(check(sent, [discover, ...errors(-32022, -32020, 1, -32603)], "2026-07-28")).toEqual([]);
    expect(check(sent, errors(-32001, -32050), "2025-11-25")).toEqual([]);
    // A session-era server refusing the 2026-07-28 opening exchange is not held to 2026-07-28 codes.
    expect(check(sent, [fail(0, -32000)], "2026-07-28")).toEqual([]);
  });
});

describe("result sweep invariants", () => {
  it("logging/setLevel and resources/(un)subscribe answered with a non-empty result", () => {
    const sent = [
      req(1, "logging/setLevel", { level: "info" }),
      req(2, "resources/subscribe", { uri: "a:b" }),
      req(3, "resources/unsubscribe", { uri: "a:b" }),
    ];
    expect(check(sent, [ok(1, { level: "info" }), ok(2, {}), ok(3, { subscribed: false })])).toEqual([
      "logging.set-level-empty-result: a logging/setLevel answered with a non-empty result",
      "resources.subscribe.empty-result: a resources/unsubscribe answered with a non-empty result",
    ]);
    expect(check(sent, [ok(1, { _meta: {} }), ok(2, {}), ok(3, {})])).toEqual([]);
  });

  it("resource blobs that are not base64, in reads, tool results and prompts", () => {
    const sent = [req(1, "resources/read"), req(2, "tools/call", { name: "t" }), req(3, "prompts/get")];
    const embedded = (blob: string) => ({ type: "resource", resource: { uri: "a:e", blob } });
    const received = (blob: string) => [
      ok(1, { contents: [{ uri: "a:r", blob }] }),
      ok(2, { content: [embedded(blob)] }),
      ok(3, { messages: [{ role: "user", content: embedded(blob) }] }),
    ];
    const invariants = new Invariants(requirements);
    const run = invariants.forRun({ transcript: "t", revision: "2025-11-25", transport: "stdio" });
    for (const m of sent) run.sent(m);
    for (const m of received("aGk*")) run.received(JSON.stringify(m), m);
    expect(invariants.violations().map((v) => [v.requirement, v.detail, v.occurrences])).toEqual([
      ["resources.security.binary-encoding", "the blob of a:r is not base64", 3],
    ]);
    expect(check(sent, received("aGk="))).toEqual([]);
    // Unpadded (or truncated) data is not base64 either (RFC 4648, section 4: padded to whole groups).
    expect(check(sent, received("aGk"))).toEqual([
      "resources.security.binary-encoding: the blob of a:r is not base64",
    ]);
    expect(check(sent, received("aGkh"))).toEqual([]);
  });

  it("2026-07-28: a tool result embedding a resource from a server without resources", () => {
    const sent = [req(0, "server/discover"), req(1, "tools/call", { name: "t" })];
    const discover = (capabilities: { [key: string]: Json }) =>
      ok(0, modern({ supportedVersions: ["2026-07-28"], capabilities, ttlMs: 0, cacheScope: "private" }));
    const call = ok(1, modern({ content: [{ type: "resource", resource: { uri: "a:b", text: "x" } }] }));
    expect(check(sent, [discover({ tools: {} }), call], "2026-07-28")).toEqual([
      "tools.embedded-resources.capability: a tool result embeds a resource, but the server does not declare resources",
    ]);
    expect(check(sent, [discover({ tools: {}, resources: {} }), call], "2026-07-28")).toEqual([]);
  });
});

describe("tool definition sweep invariants", () => {
  const list = (tools: Json[], revision: Revision) =>
    check(
      [req(1, "tools/list")],
      [ok(1, revision >= "2026-07-28" ? modern({ tools, ttlMs: 0, cacheScope: "private" }) : { tools })],
      revision,
    );
  const tool = (name: string, properties: { [key: string]: Json } = {}) => ({
    name,
    inputSchema: { type: "object", properties },
  });

  it("tool names with special characters (2025-11-25 on)", () => {
    expect(list([tool("get,weather")], "2025-11-25")).toEqual([
      'tools.name.format: tool name "get,weather" breaks the naming rule',
      'tools.name.no-special: tool name "get,weather" contains a special character',
    ]);
    expect(list([tool("get,weather")], "2025-06-18")).toEqual([]);
    expect(list([tool("get_weather.v2-b")], "2025-11-25")).toEqual([]);
  });

  it("x-mcp-header annotations: tokens, unique, on primitive properties reached through properties", () => {
    const header = (type: string, name: Json) => ({ type, "x-mcp-header": name });
    const cases: [Json, string][] = [
      [
        tool("a", { r: header("string", "Re gion") }),
        'x-mcp-header at inputSchema.r of tool "a" is "Re gion", not an HTTP token',
      ],
      [
        tool("b", { r: header("string", "") }),
        'x-mcp-header at inputSchema.r of tool "b" is "", not an HTTP token',
      ],
      [
        tool("c", { r: header("string", "Region"), s: header("string", "region") }),
        'x-mcp-header at inputSchema.s of tool "c" repeats "region" (names are case-insensitive)',
      ],
      [
        tool("d", { n: header("number", "N") }),
        'x-mcp-header at inputSchema.n of tool "d" is on a property of type "number", not string, integer or boolean',
      ],
      [
        tool("e", { l: { type: "array", items: header("string", "Item") } }),
        'x-mcp-header at inputSchema.l/items of tool "e" is not reached from the root through properties alone',
      ],
    ];
    for (const [definition, detail] of cases)
      expect(list([definition], "2026-07-28")).toEqual([`tools.x-mcp-header.valid-annotations: ${detail}`]);
    const good = tool("f", {
      region: header("string", "Region"),
      nested: { type: "object", properties: { id: header("integer", "Id"), on: header("boolean", "On") } },
      data: { type: "string", default: { "x-mcp-header": "" } },
    });
    expect(list([good], "2026-07-28")).toEqual([]);
    expect(list([cases[0]?.[0] ?? null], "2025-11-25")).toEqual([]);
  });
});

describe("notification and server-request sweep invariants", () => {
  it("a progress notification without its token", () => {
    expect(
      check(
        [req(1, "tools/call", { _meta: { progressToken: "p" } })],
        [note("notifications/progress", { progress: 1 })],
      ),
    ).toEqual(["progress.notification-token: a progress notification without a progressToken"]);
  });

  it("a log message below the level logging/setLevel set (stdio and WebSocket)", () => {
    const sent = [req(1, "logging/setLevel", { level: "warning" })];
    const received = [
      note("notifications/message", { level: "debug", data: "before" }),
      ok(1, {}),
      note("notifications/message", { level: "error", data: "x" }),
      note("notifications/message", { level: "info", data: "y" }),
    ];
    expect(check(sent, received)).toEqual([
      "logging.respect-level: a info log message after logging/setLevel set warning",
    ]);
    // Over HTTP the log message may travel on another stream than the answer.
    expect(check(sent, received, "2025-11-25", "http")).toEqual([]);
  });

  it("a server request other than ping before the runner sent notifications/initialized", () => {
    const init = req(0, "initialize", { protocolVersion: "2025-11-25", capabilities: { roots: {} } });
    const initialized = note("notifications/initialized");
    expect(check([init], [req("s1", "roots/list")], "2025-11-25", "stdio", { roots: {} })).toEqual([
      "lifecycle.init.server-waits: a roots/list request before the runner sent notifications/initialized",
    ]);
    expect(check([init], [req("s1", "ping")])).toEqual([]);
    expect(check([init, initialized], [req("s1", "ping")])).toEqual([]);
  });

  it("2026-07-28: a server request on stdout, on a response stream", () => {
    expect(check([], [req("s1", "roots/list")], "2026-07-28")).toEqual([
      "mrtr.server.no-direct-requests: a 2026-07-28 server sent a roots/list request",
      "stdio.modern.no-server-requests: a 2026-07-28 server sent a roots/list request",
    ]);
    expect(check([], [req("s1", "roots/list")], "2026-07-28", "http")).toEqual([
      "http2026.sse.no-requests: a 2026-07-28 server sent a roots/list request",
      "mrtr.server.no-direct-requests: a 2026-07-28 server sent a roots/list request",
    ]);
  });
});

describe("framing sweep invariants", () => {
  it("stdio: a message split over lines, or two on one line; other text is not MCP", () => {
    expect(check([req(1, "ping")], ['{"jsonrpc": "2.0",', '  "id": 1, "result": {}}'])).toEqual([
      "stdio.newline-delimited: a line on stdout that holds part of a JSON message, or more than one",
    ]);
    expect(
      check(
        [req(1, "ping"), req(2, "ping")],
        ['{"jsonrpc":"2.0","id":1,"result":{}}{"jsonrpc":"2.0","id":2,"result":{}}'],
      ),
    ).toEqual([
      "stdio.newline-delimited: a line on stdout that holds part of a JSON message, or more than one",
    ]);
    // Inside a split message, a line that happens to parse alone is still a piece of it.
    const lines = ["{", '  "x": [', "  ]", "}"];
    const invariants = new Invariants(requirements);
    const run = invariants.forRun({ transcript: "t", revision: "2025-11-25", transport: "stdio" });
    for (const line of lines.slice(0, 2)) run.received(line, undefined);
    run.received('    "2025-11-25"', "2025-11-25");
    for (const line of lines.slice(2)) run.received(line, undefined);
    expect(invariants.violations().map((v) => `${v.requirement}: ${v.detail}`)).toEqual([
      "stdio.newline-delimited: a line on stdout that holds part of a JSON message, or more than one",
    ]);
    expect(check([req(1, "ping")], ["ready", ok(1, {})])).toEqual([
      "stdio.stdout-mcp-only: a line on stdout that is not JSON",
    ]);
  });

  it("WebSocket: a frame that is not one JSON value, a batch where the revision has none", () => {
    expect(check([req(1, "ping")], ["{} {}", [ok(1, {})]], "2025-11-25", "ws")).toEqual([
      "ws.one-message-per-frame: a text frame that is not one JSON value",
    ]);
    const invariants = new Invariants(requirements);
    const run = invariants.forRun({ transcript: "t", revision: "2025-06-18", transport: "ws" });
    run.sent(req(1, "ping"));
    run.received("[...]", [ok(1, {})]);
    expect(invariants.violations().map((v) => v.detail)).toEqual([
      "a batch array in one frame at 2025-06-18, which has no batches",
    ]);
    expect(check([req(1, "ping")], [[ok(1, {})]], "2025-03-26", "ws")).toEqual([]);
  });
});

describe("Streamable HTTP sweep invariants", () => {
  it("2026-07-28: an accepted notification POST gets 202 with no body", () => {
    const exchange = (status: number, text: string | undefined): HttpExchange => ({
      method: "POST",
      body: JSON.stringify(note("notifications/cancelled", { requestId: 1 })),
      status,
      headers: {},
      text,
    });
    const run = (e: HttpExchange) => {
      const invariants = new Invariants(requirements);
      invariants.forRun({ transcript: "t", revision: "2026-07-28", transport: "http" }).exchanged(e);
      return invariants.violations().map((v) => `${v.requirement}: ${v.detail}`);
    };
    expect(run(exchange(200, "{}"))).toEqual([
      "http2026.post.notification-202: a POST of only notifications was accepted with HTTP 200, not 202",
    ]);
    expect(run(exchange(202, "ok"))).toEqual([
      'http2026.post.notification-202: a POST of only notifications was answered 202 with a body ("ok")',
    ]);
    expect(run(exchange(202, ""))).toEqual([]);
  });
});
