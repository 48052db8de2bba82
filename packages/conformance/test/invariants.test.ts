import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Invariants } from "../src/invariants/observer.js";
import { loadTranscripts } from "../src/load/loader.js";
import { loadRequirements } from "../src/load/requirements.js";
import { runConformance } from "../src/run/runner.js";
import type { Json } from "../src/model/json.js";
import type { Revision } from "../src/model/revisions.js";

const requirements = loadRequirements(
  fileURLToPath(new URL("../../../conformance/requirements", import.meta.url)),
);

/** Feeds `sent` then `received` through one run and returns `requirement: detail` per violation. */
function check(
  sent: Json[],
  received: (Json | string)[],
  revision: Revision = "2025-11-25",
  options: { transport?: "stdio" | "http"; clientCapabilities?: { [key: string]: Json } } = {},
): string[] {
  const invariants = new Invariants(requirements);
  const run = invariants.forRun({
    transcript: "t",
    revision,
    transport: options.transport ?? "stdio",
    clientCapabilities: options.clientCapabilities ?? {},
  });
  for (const message of sent) run.sent(message);
  for (const message of received)
    run.received(
      typeof message === "string" ? message : JSON.stringify(message),
      typeof message === "string" ? undefined : message,
    );
  return invariants.violations().map((v) => `${v.requirement}: ${v.detail}`);
}

const req = (id: Json, method: string, params: { [key: string]: Json } = {}) => ({
  jsonrpc: "2.0",
  id,
  method,
  params,
});
const ok = (id: Json, result: { [key: string]: Json }) => ({ jsonrpc: "2.0", id, result });
const INIT = req(0, "initialize");
const caps = (capabilities: { [key: string]: Json }) =>
  ok(0, { protocolVersion: "2025-11-25", capabilities, serverInfo: { name: "s", version: "1" } });

describe("JSON-RPC invariants", () => {
  it("accepts a plain exchange", () => {
    expect(check([req(1, "ping")], [ok(1, {})])).toEqual([]);
  });

  it("a response with both result and error", () => {
    expect(
      check([req(1, "ping")], [{ jsonrpc: "2.0", id: 1, result: {}, error: { code: 1, message: "x" } }]),
    ).toEqual(["base.response.not-both: a response with both result and error"]);
  });

  it("an id not echoed exactly, and an id nobody sent", () => {
    expect(check([req(1, "ping")], [ok("1", {})])).toEqual([
      'base.response.same-id: the response id "1" is not the request id 1 as sent',
    ]);
    expect(check([req(1, "ping")], [ok(2, {})])).toEqual([
      "base.response.same-id: the response id 2 matches no request the runner sent",
    ]);
  });

  it("a notification answered (a result with a null id)", () => {
    expect(
      check([{ jsonrpc: "2.0", method: "notifications/cancelled", params: {} }], [ok(null, {})]),
    ).toEqual(["base.notification.no-response: a result with a null id: an answer to a notification"]);
  });

  it("a null-id error (a parse error) is fine; wrong jsonrpc and string codes are not", () => {
    expect(
      check([], [{ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }]),
    ).toEqual([]);
    expect(check([req(1, "ping")], [{ jsonrpc: "1.0", id: 1, error: { code: "x", message: "m" } }])).toEqual([
      'base.error.integer-code: error code "x" is not an integer',
      'base.jsonrpc.version: jsonrpc is "1.0", not "2.0"',
    ]);
  });

  it("non-JSON on stdout, batches on stdout", () => {
    expect(check([], ["hello"])).toEqual(["stdio.stdout-mcp-only: a line on stdout that is not JSON"]);
    expect(check([req(1, "ping")], [[ok(1, {})]])).toEqual([
      "stdio.single-messages: a batch array on stdout",
    ]);
    expect(check([], ["hello"], "2025-11-25", { transport: "http" })).toEqual([]);
  });

  it("reports each requirement once per revision, counting the rest", () => {
    const invariants = new Invariants(requirements);
    const run = invariants.forRun({ transcript: "t", revision: "2025-11-25", transport: "stdio" });
    run.step = "step 2";
    run.received("a", undefined);
    run.received("b", undefined);
    const results = invariants.results("stdio");
    expect(results.map((r) => [r.key, r.status, r.failure?.step, r.failure?.reason])).toEqual([
      [
        "invariant/stdio.stdout-mcp-only@2025-11-25",
        "failed",
        "t@2025-11-25 step 2",
        "a line on stdout that is not JSON (first seen in t@2025-11-25, step 2; seen 2 times in this invocation)",
      ],
    ]);
    expect(results[0]?.failure?.actual).toBe("a");
  });
});

describe("result invariants", () => {
  const tool = (name: string, extra: { [key: string]: Json } = {}) => ({
    name,
    inputSchema: { type: "object" },
    ...extra,
  });

  it("tools/list: duplicate and malformed names, invalid schemas", () => {
    const tools = [
      tool("a"),
      tool("a"),
      tool("b c"),
      tool("d", { inputSchema: { type: "object", required: "x" } }),
    ];
    expect(check([req(1, "tools/list")], [ok(1, { tools })])).toEqual([
      "base.json-schema.schemas-valid: the inputSchema of d is not a valid JSON Schema: schema is invalid: data/required must be array",
      // Once per requirement: "b c" breaks the same rule and is counted, not listed.
      'tools.name.format: tool name "a" is listed twice',
      'tools.name.no-special: tool name "b c" contains a special character',
    ]);
  });

  it("tools/call: structuredContent against the listed outputSchema, content blocks", () => {
    const outputSchema = { type: "object", properties: { n: { type: "number" } }, required: ["n"] };
    const sent = [
      req(1, "tools/list"),
      req(2, "tools/call", { name: "f" }),
      req(3, "tools/call", { name: "f" }),
    ];
    const received = [
      ok(1, { tools: [tool("f", { outputSchema })] }),
      ok(2, { content: [{ type: "text", text: "{}" }], structuredContent: { n: "1" } }),
      ok(3, { content: [{ type: "text" }], structuredContent: { n: 1 } }),
    ];
    expect(check(sent, received)).toEqual([
      "tools.call.result: a text content block without text",
      "tools.output.conform: the structuredContent of f breaks its outputSchema: /n must be number",
      "tools.output.text-mirror: f returns structuredContent without its JSON as a text block",
    ]);
  });

  it("pagination that does not progress", () => {
    expect(check([req(1, "tools/list", { cursor: "c" })], [ok(1, { tools: [], nextCursor: "c" })])).toEqual([
      'pagination.stable-cursors: tools/list answered cursor "c" with the same nextCursor',
    ]);
  });

  it("2026-07-28: resultType and cache hints", () => {
    expect(check([req(1, "tools/list")], [ok(1, { tools: [] })], "2026-07-28")).toEqual([
      "base.result.result-type: a tools/list result without resultType",
      "caching.fields-present: a tools/list result without ttlMs and cacheScope",
      "lifecycle.meta.server-info: a tools/list result without _meta io.modelcontextprotocol/serverInfo",
    ]);
    const _meta = { "io.modelcontextprotocol/serverInfo": { name: "s", version: "1" } };
    const good = { tools: [], resultType: "complete", ttlMs: 0, cacheScope: "private", _meta };
    expect(check([req(1, "tools/list")], [ok(1, good)], "2026-07-28")).toEqual([]);
  });

  it("prompts, resources, completion, ping", () => {
    const sent = [
      req(1, "prompts/get"),
      req(2, "resources/read"),
      req(3, "completion/complete"),
      req(4, "ping"),
    ];
    const values = Array.from({ length: 101 }, (_, i) => String(i));
    const received = [
      ok(1, { messages: [{ role: "system", content: { type: "text", text: "x" } }] }),
      ok(2, { contents: [{ text: "x" }] }),
      ok(3, { completion: { values } }),
      ok(4, { pong: true }),
    ];
    expect(check(sent, received)).toEqual([
      "completion.max-values: a completion result with 101 values",
      "ping.respond: a ping answered with a non-empty result",
      'prompts.get.result: a prompt message whose role is "system"',
      "resources.read.result: a contents item without a uri",
    ]);
  });
});

describe("notification invariants", () => {
  const progress = (token: Json, value: number) => ({
    jsonrpc: "2.0",
    method: "notifications/progress",
    params: { progressToken: token, progress: value },
  });
  const call = req(1, "tools/call", { name: "p", _meta: { progressToken: "t" } });

  it("progress: increasing, only for active tokens, never after the response", () => {
    expect(check([call], [progress("t", 1), progress("t", 2), ok(1, { content: [] })])).toEqual([]);
    expect(check([call], [progress("t", 2), progress("t", 2)])).toEqual([
      'progress.increasing: progress went from 2 to 2 for token "t"',
    ]);
    expect(check([call], [progress("u", 1)])).toEqual([
      'progress.active-only: progress for token "u", which no request of the runner carries',
    ]);
    expect(check([call], [ok(1, { content: [] }), progress("t", 1)])).toEqual([
      'progress.stop-after-completion: progress for token "t" after its request was answered',
    ]);
  });

  it("list_changed and log messages only under the declared capabilities; valid log levels", () => {
    const listChanged = { jsonrpc: "2.0", method: "notifications/tools/list_changed" };
    const log = { jsonrpc: "2.0", method: "notifications/message", params: { level: "verbose", data: "x" } };
    expect(check([INIT], [caps({ tools: { listChanged: true }, logging: {} }), listChanged])).toEqual([]);
    expect(check([INIT], [caps({ tools: {} }), listChanged, log])).toEqual([
      "lifecycle.operation.respect-capabilities-must: notifications/tools/list_changed without tools.listChanged in the server's capabilities",
      "logging.capability: a log message from a server that did not declare logging",
      'logging.level-values: log level "verbose"',
    ]);
  });

  it("server requests: only under the client's capabilities, never at 2026-07-28", () => {
    const sampling = req("s1", "sampling/createMessage", { messages: [], maxTokens: 1 });
    expect(check([], [sampling], "2025-11-25", { clientCapabilities: { sampling: {} } })).toEqual([]);
    expect(check([], [sampling])).toEqual([
      "lifecycle.operation.respect-capabilities-must: sampling/createMessage to a client that did not declare sampling",
    ]);
    expect(check([], [sampling], "2026-07-28")).toEqual([
      "mrtr.server.no-direct-requests: a 2026-07-28 server sent a sampling/createMessage request",
      "stdio.modern.no-server-requests: a 2026-07-28 server sent a sampling/createMessage request",
    ]);
  });
});

describe("feature invariants", () => {
  it("initialize results carry their fields; answers only for declared capabilities", () => {
    expect(check([INIT], [ok(0, { protocolVersion: "2025-11-25", capabilities: {} })])).toEqual([
      "lifecycle.init.response-fields: an initialize result without protocolVersion, capabilities and serverInfo",
    ]);
    expect(check([INIT, req(1, "prompts/list")], [caps({ tools: {} }), ok(1, { prompts: [] })])).toEqual([
      "prompts.capability: prompts/list answered by a server that did not declare prompts",
    ]);
  });

  it("2026-07-28 input_required results", () => {
    const meta = { "io.modelcontextprotocol/clientCapabilities": { elicitation: {} } };
    const sent = [req(1, "tools/list", { _meta: meta }), req(2, "tools/call", { name: "t", _meta: meta })];
    const inputRequired = (inputRequests: { [key: string]: Json }) => ({
      resultType: "input_required",
      inputRequests,
    });
    expect(
      check(
        sent,
        [
          ok(1, {
            ...inputRequired({
              a: {
                method: "elicitation/create",
                params: { message: "m", requestedSchema: { type: "object", properties: {} } },
              },
            }),
            ttlMs: 0,
            cacheScope: "private",
          }),
          ok(2, inputRequired({ b: { method: "sampling/createMessage" }, c: { method: "tools/list" } })),
        ],
        "2026-07-28",
      ),
    ).toEqual([
      "lifecycle.meta.server-info: a tools/list result without _meta io.modelcontextprotocol/serverInfo",
      "mrtr.server.declared-kinds-only: inputRequests.b asks for sampling, which the request did not declare",
      'mrtr.server.request-kinds: inputRequests.c is "tools/list"',
      "mrtr.server.supported-methods-only: tools/list answered with input_required",
      // tools/list may not ask for input, so its result is judged as a list, and has none.
      "tools.list.result: tools/list result without a tools array",
    ]);
  });

  it("sampling with tools and URL elicitation only when the client declared them", () => {
    const sampling = req("s", "sampling/createMessage", { messages: [], maxTokens: 1, tools: [] });
    const url = req("e", "elicitation/create", { mode: "url", url: "https://example.com", message: "m" });
    const clientCapabilities = { sampling: {}, elicitation: {} };
    expect(check([], [sampling, url], "2025-11-25", { clientCapabilities })).toEqual([
      "elicitation.server-respect-modes: a URL elicitation to a client without elicitation.url",
      "sampling.tools.gated: a sampling request with tools to a client without sampling.tools",
    ]);
  });

  it("a task reported completed, failed or cancelled is never reported in another status (stdio, ws)", () => {
    const task = (status: string) => ({
      taskId: "t1",
      status,
      createdAt: "2025-11-25T10:30:00Z",
      lastUpdatedAt: "2025-11-25T10:30:00Z",
      ttl: null,
    });
    const status = (s: string) => ({ jsonrpc: "2.0", method: "notifications/tasks/status", params: task(s) });
    const sent = [req(1, "tasks/get", { taskId: "t1" }), req(2, "tasks/get", { taskId: "t1" })];
    const received = [
      ok(1, task("working")),
      status("completed"),
      ok(2, task("completed")),
      status("working"),
    ];
    expect(check(sent, received)).toEqual([
      "tasks.status.terminal-final: a task reported working after it was completed",
    ]);
    // Over HTTP a notification on one stream may overtake an answer on another: not judged there.
    expect(check(sent, received, "2025-11-25", { transport: "http" })).toEqual([]);
  });

  it("a 2026-07-28 tasks/get answer carries what its status needs (result, error, inputRequests)", () => {
    const get = (id: number) => req(id, "tasks/get", { taskId: "t" });
    const task = (status: string, extra: { [key: string]: Json } = {}) => ({
      resultType: "complete",
      taskId: "t",
      status,
      ttlMs: 0,
      cacheScope: "private",
      ...extra,
    });
    const sent = [get(1), get(2), get(3), get(4)];
    const received = [
      ok(1, task("completed", { result: { content: [] } })),
      ok(2, task("completed")),
      ok(3, task("failed")),
      ok(4, task("working")),
    ];
    expect(
      check(sent, received, "2026-07-28").filter((v) => v.startsWith("tasks-extension.get.status-fields")),
    ).toEqual(["tasks-extension.get.status-fields: a tasks/get answer with status completed without result"]);
  });

  it("form elicitations ask for a flat object of primitives (multi-select enums from 2025-11-25)", () => {
    const form = (id: string, properties: { [key: string]: Json }) =>
      req(id, "elicitation/create", { message: "m", requestedSchema: { type: "object", properties } });
    const flat = form("a", {
      name: { type: "string" },
      age: { type: "integer" },
      ok: { type: "boolean" },
      colors: { type: "array", items: { type: "string", enum: ["r", "g"] } },
    });
    const clientCapabilities = { elicitation: {} };
    expect(check([], [flat], "2025-11-25", { clientCapabilities })).toEqual([]);
    expect(
      check([], [form("b", { address: { type: "object" } })], "2025-11-25", { clientCapabilities }),
    ).toEqual([
      'elicitation.schema.restricted: requestedSchema is not flat and primitive: property "address" has type "object", not string, number, integer, boolean or a multi-select enum',
    ]);
    // 2025-06-18 had no multi-select enums.
    expect(check([], [flat], "2025-06-18", { clientCapabilities })).toEqual([
      'elicitation.schema.restricted: requestedSchema is not flat and primitive: property "colors" has type "array", not string, number, integer, boolean',
    ]);
  });
});

describe("HTTP header invariants", () => {
  function heads(revision: Revision, headers: Record<string, string>): string[] {
    const invariants = new Invariants(requirements);
    const run = invariants.forRun({ transcript: "t", revision, transport: "http" });
    run.sent(req(1, "tools/call", { name: "t" }));
    const _meta = { "io.modelcontextprotocol/serverInfo": { name: "s", version: "1" } };
    const result = ok(1, { content: [], resultType: "complete", _meta });
    run.received(JSON.stringify(result), result, headers);
    return invariants.violations().map((v) => `${v.requirement}: ${v.detail}`);
  }

  it("session ids of visible ASCII in the session era", () => {
    expect(heads("2025-11-25", { "mcp-session-id": "abc" })).toEqual([]);
    expect(heads("2025-11-25", { "mcp-session-id": "ab c" })).toEqual([
      'http.session.id-charset: session id "ab c" is not visible ASCII',
    ]);
  });

  it("2026-07-28: no session ids, and SSE responses not to be buffered", () => {
    const sse = { "content-type": "text/event-stream" };
    expect(heads("2026-07-28", { ...sse, "x-accel-buffering": "no" })).toEqual([]);
    expect(heads("2026-07-28", { ...sse, "mcp-session-id": "s" })).toEqual([
      'http2026.compat.ignore-session-id: a 2026-07-28 response carries Mcp-Session-Id "s"',
      "http2026.sse.no-buffering-header: an SSE response without X-Accel-Buffering: no",
    ]);
  });
});

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" },
};
const OPENING = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } };

describe("client invariants", () => {
  function client(sent: Json[], received: Json[], revision: Revision = "2025-11-25"): string[] {
    const invariants = new Invariants(requirements);
    const run = invariants.forRun({ transcript: "c", revision, transport: "stdio", side: "client" });
    // A session already open (the opening rules have tests of their own: client-invariants.test.ts).
    if (revision < "2026-07-28") {
      run.received("", req("open", "initialize", OPENING));
      run.sent(
        ok("open", { protocolVersion: revision, capabilities: {}, serverInfo: { name: "s", version: "1" } }),
      );
      run.received("", { jsonrpc: "2.0", method: "notifications/initialized" });
    }
    for (const message of sent) run.sent(message);
    for (const message of received) run.received(JSON.stringify(message), message);
    return invariants.violations().map((v) => `${v.requirement}: ${v.detail}`);
  }

  it("a client answers ping with an empty result and the id exactly", () => {
    expect(client([req(1, "ping")], [ok(1, {})])).toEqual([]);
    expect(client([req(1, "ping")], [ok("1", { x: 1 })])).toEqual([
      'base.response.same-id: the response id "1" is not the request id 1 as sent',
    ]);
    expect(client([req(1, "ping")], [ok(1, { x: 1 })])).toEqual([
      "ping.respond: a ping answered with a non-empty result",
    ]);
  });

  it("a client never reuses a request id in a session; at 2026-07-28 only while outstanding", () => {
    const list = req(5, "tools/list");
    expect(client([ok(5, { tools: [] })], [list, list])).toEqual([
      "base.request.id-unique: request id 5 reused within the session",
    ]);
    // A new initialize starts a new session: ids may start over.
    const init = req(5, "initialize", OPENING);
    expect(client([ok(5, {})], [init, init])).toEqual([]);
    const modern = req(5, "tools/list", { _meta: MODERN_META });
    expect(client([], [modern, modern], "2026-07-28")).toEqual([
      "base.request.id-unique: request id 5 reused while the request with that id is still unanswered",
    ]);
  });

  it("server-side rules do not apply to a client (no capability or stdout rules)", () => {
    expect(client([], [{ jsonrpc: "2.0", method: "notifications/message", params: { level: "x" } }])).toEqual(
      [],
    );
  });
});

describe("SHOULD-level invariants", () => {
  it("structuredContent mirrored as JSON text; resource URIs with a scheme", () => {
    const outputSchema = { type: "object" };
    const sent = [req(1, "tools/list"), req(2, "tools/call", { name: "f" }), req(3, "resources/list")];
    const received = [
      ok(1, { tools: [{ name: "f", inputSchema: { type: "object" }, outputSchema }] }),
      ok(2, { content: [{ type: "text", text: '{"b":2,"a":1}' }], structuredContent: { a: 1, b: 3 } }),
      ok(3, { resources: [{ uri: "relative/path", name: "r" }] }),
    ];
    expect(check(sent, received)).toEqual([
      'resources.uri.valid: resource uri "relative/path" has no scheme',
      "tools.output.text-mirror: f returns structuredContent without its JSON as a text block",
    ]);
  });

  it("2026-07-28: server info in results, log messages only when asked for", () => {
    const meta = { "io.modelcontextprotocol/serverInfo": { name: "s", version: "1" } };
    const call = ok(1, { content: [], resultType: "complete", _meta: meta });
    const log = { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x" } };
    expect(check([req(1, "tools/call", { name: "t" })], [call], "2026-07-28")).toEqual([]);
    expect(
      check(
        [req(1, "tools/call", { name: "t" })],
        [log, ok(1, { content: [], resultType: "complete" })],
        "2026-07-28",
      ),
    ).toEqual([
      "lifecycle.meta.server-info: a tools/call result without _meta io.modelcontextprotocol/serverInfo",
      "logging.modern-opt-in: a log message although no request of the run asked for a log level",
    ]);
    const asked = req(1, "tools/call", { name: "t", _meta: { "io.modelcontextprotocol/logLevel": "info" } });
    expect(check([asked], [log, call], "2026-07-28")).toEqual([]);
  });
});

describe("HTTP refusals", () => {
  it("an id-less JSON-RPC error is allowed in an HTTP body, not on stdio", () => {
    const refusal = { jsonrpc: "2.0", error: { code: -32000, message: "Bad Request: no session" } };
    expect(check([req(1, "ping")], [refusal], "2025-11-25", { transport: "http" })).toEqual([]);
    expect(check([req(1, "ping")], [refusal])).toEqual([
      "base.response.result-or-error: a message with neither method nor id",
    ]);
  });
});

describe("the invariant layer in a real invocation", () => {
  const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));
  const server = `FAKE_MODE=wrong-ping ${process.execPath} ${fileURLToPath(new URL("./helpers/fake-stdio-server.mjs", import.meta.url))}`;
  const transcripts = loadTranscripts([fixtures]);
  const run = (extra: Partial<Parameters<typeof runConformance>[0]>) =>
    runConformance({
      mode: "server",
      transport: "stdio",
      target: server,
      transcripts,
      filters: { ids: ["example/ping"], revisions: ["2025-06-18"] },
      ...extra,
    });
  const failed = (report: Awaited<ReturnType<typeof run>>) =>
    report.results.filter((r) => r.status === "failed").map((r) => r.key);

  it("reports a violation next to the transcript failure, unless turned off or filtered out", async () => {
    expect(failed(await run({}))).toEqual(["example/ping@2025-06-18", "invariant/ping.respond@2025-06-18"]);
    expect(failed(await run({ invariants: false }))).toEqual(["example/ping@2025-06-18"]);
    const filtered = await run({
      filters: { ids: ["example/ping"], revisions: ["2025-06-18"], requirements: ["example.*"] },
    });
    expect(failed(filtered)).toEqual(["example/ping@2025-06-18"]);
  });
});
