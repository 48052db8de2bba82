import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { clientHttpRules, toolParamHeaders } from "../src/invariants/client-http-rules.js";
import { clientTaskPollRules, rememberTaskPoll } from "../src/invariants/client-task-rules.js";
import { RevisionKnowledge, RunState } from "../src/invariants/state.js";
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
    expect(run([["client", { ...modern(1, "tools/list") }]], "2026-07-28")).toEqual([]);
  });
});

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" },
};
const modern = (id: Json, method: string, params: { [key: string]: Json } = {}) => ({
  jsonrpc: "2.0",
  id,
  method,
  params: { ...params, _meta: MODERN_META },
});
const opened: Step[] = [init(), answer(), initialized];

describe("what a client's requests and answers carry", () => {
  it("2026-07-28: every request's _meta names the revision, the capabilities and (SHOULD) the client", () => {
    expect(run([["client", modern(1, "tools/list")]], "2026-07-28")).toEqual([]);
    expect(run([request(1, "tools/list")], "2026-07-28")).toEqual([
      "lifecycle.meta.client-info: tools/list without _meta clientInfo",
      "lifecycle.meta.required-envelope: tools/list without _meta protocolVersion and clientCapabilities",
    ]);
  });

  it("roots/list: a roots array of file:// roots with a uri and an optional string name", () => {
    const asked: Step = ["server", { jsonrpc: "2.0", id: "r", method: "roots/list" }];
    const roots = (value: Json): Step => ["client", { jsonrpc: "2.0", id: "r", result: { roots: value } }];
    expect(run([...opened, asked, roots([{ uri: "file:///a", name: "a" }])])).toEqual([]);
    expect(run([...opened, asked, roots([{ uri: "https://a" }, { name: "x" }])])).toEqual([
      "roots.list.result: a root without a uri string",
      'roots.uri-file: root URI "https://a" is not a file:// URI',
    ]);
    expect(run([...opened, asked, ["client", { jsonrpc: "2.0", id: "r", result: {} }]])).toEqual([
      "roots.list.result: a roots/list result without a roots array",
    ]);
  });

  it("sampling/createMessage: role, content and model; elicitation/create: a known action, content only with accept", () => {
    const sample: Step = [
      "server",
      { jsonrpc: "2.0", id: "s", method: "sampling/createMessage", params: {} },
    ];
    const elicit: Step = ["server", { jsonrpc: "2.0", id: "e", method: "elicitation/create", params: {} }];
    const result = (id: string, value: Json): Step => ["client", { jsonrpc: "2.0", id, result: value }];
    const message = { role: "assistant", content: { type: "text", text: "hi" }, model: "m" };
    expect(
      run([...opened, sample, result("s", message), elicit, result("e", { action: "accept", content: {} })]),
    ).toEqual([]);
    expect(
      run([
        ...opened,
        sample,
        result("s", { role: "assistant" }),
        elicit,
        result("e", { action: "decline", content: {} }),
      ]),
    ).toEqual([
      "elicitation.result: content in an elicitation/create result with action decline",
      "sampling.result: a sampling/createMessage result without content, model",
    ]);
    expect(run([...opened, elicit, result("e", { action: "ok" })])).toEqual([
      'elicitation.result: an elicitation/create result with action "ok"',
    ]);
  });

  it("2025-11-25 tasks: answers to task-related requests name the task; tasks/* requests carry no related-task _meta", () => {
    const related = { "io.modelcontextprotocol/related-task": { taskId: "t1" } };
    const elicit: Step = [
      "server",
      { jsonrpc: "2.0", id: "e", method: "elicitation/create", params: { _meta: related } },
    ];
    expect(
      run([
        ...opened,
        elicit,
        ["client", { jsonrpc: "2.0", id: "e", result: { action: "cancel", _meta: related } }],
      ]),
    ).toEqual([]);
    expect(
      run([
        ...opened,
        elicit,
        ["client", { jsonrpc: "2.0", id: "e", result: { action: "cancel" } }],
        ["client", { jsonrpc: "2.0", id: 9, method: "tasks/get", params: { taskId: "t1", _meta: related } }],
      ]),
    ).toEqual([
      "tasks.requestor.no-related-meta-in-task-requests: tasks/get carries the related-task _meta",
      "tasks.requestor.related-meta-responses: the answer to elicitation/create (related to task t1) does not carry its related-task _meta",
    ]);
  });

  it("2025-11-25: params.task only where the server and the tool allow it, always where the tool requires it", () => {
    const opening = (tasks: Json): Step[] => [
      init(),
      [
        "server",
        {
          jsonrpc: "2.0",
          id: 1,
          result: {
            protocolVersion: "2025-11-25",
            capabilities: { tasks },
            serverInfo: { name: "s", version: "1" },
          },
        },
      ],
      initialized,
      request(2, "tools/list"),
      [
        "server",
        {
          jsonrpc: "2.0",
          id: 2,
          result: {
            tools: [
              { name: "plain", inputSchema: { type: "object" } },
              { name: "must", inputSchema: { type: "object" }, execution: { taskSupport: "required" } },
              { name: "may", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
            ],
          },
        },
      ],
    ];
    const call = (id: number, name: string, task: boolean): Step => [
      "client",
      { jsonrpc: "2.0", id, method: "tools/call", params: task ? { name, task: { ttl: 1000 } } : { name } },
    ];
    const withTools = { requests: { tools: { call: {} } } };
    expect(
      run([...opening(withTools), call(3, "may", true), call(4, "must", true), call(5, "plain", false)]),
    ).toEqual([]);
    expect(run([...opening(withTools), call(3, "plain", true), call(4, "must", false)])).toEqual([
      'tasks.requestor.tool-forbidden: tool plain (taskSupport absent or "forbidden") called as a task',
      'tasks.requestor.tool-required: tool must (taskSupport "required") called without params.task',
    ]);
    expect(
      run([
        ...opening({}),
        call(3, "may", true),
        ["client", { jsonrpc: "2.0", id: 4, method: "prompts/get", params: { name: "p", task: {} } }],
      ]),
    ).toEqual([
      "tasks.requestor.augment-declared-only: a task-augmented prompts/get the server declared no task support for",
      "tasks.requestor.capability-required: a task-augmented tools/call to a server without tasks.requests.tools.call",
    ]);
  });

  it("a request that became a task is cancelled with tasks/cancel, not notifications/cancelled", () => {
    const created: Step = [
      "server",
      { jsonrpc: "2.0", id: 3, result: { task: { taskId: "t9", status: "working" } } },
    ];
    const cancel = (requestId: Json): Step => [
      "client",
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId } },
    ];
    expect(run([...opened, request(3, "tools/call"), created, request(4, "tools/call"), cancel(4)])).toEqual(
      [],
    );
    expect(run([...opened, request(3, "tools/call"), created, cancel(3)])).toEqual([
      "tasks.requestor.cancel-with-tasks-cancel: notifications/cancelled for request 3, which became task t9: tasks/cancel cancels a task",
    ]);
    const modernTask: Step = [
      "server",
      { jsonrpc: "2.0", id: 3, result: { resultType: "task", taskId: "t9", status: "working" } },
    ];
    expect(run([["client", modern(3, "tools/call")], modernTask, cancel(3)], "2026-07-28")).toEqual([
      "tasks-extension.client.cancel-with-tasks-cancel: notifications/cancelled for request 3, which became task t9: tasks/cancel cancels a task",
    ]);
  });

  it("2025-11-25: a task-augmented request of a declared type the client accepts is answered with a task", () => {
    const asked: Step = [
      "server",
      { jsonrpc: "2.0", id: "s", method: "sampling/createMessage", params: { task: { ttl: 1000 } } },
    ];
    const reply = (result: Json): Step => ["client", { jsonrpc: "2.0", id: "s", result }];
    const declared: Step[] = [
      init(1, { ...params, capabilities: { tasks: { requests: { sampling: { createMessage: {} } } } } }),
      answer(),
      initialized,
    ];
    const plain = reply({ role: "assistant", content: { type: "text", text: "x" }, model: "m" });
    expect(run([...declared, asked, reply({ task: { taskId: "c1", status: "working" } })])).toEqual([]);
    expect(run([...declared, asked, plain])).toEqual([
      "tasks.client-receiver.create-task-result: a task-augmented request answered without a task (taskId and status)",
    ]);
    // Without the declaration the client may answer plainly.
    expect(run([...opened, asked, plain])).toEqual([]);
  });

  it("2026-07-28 retries: a new id, every input answered, requestState echoed exactly and only where given", () => {
    const call = (id: number, extra: { [key: string]: Json } = {}): Step => [
      "client",
      modern(id, "tools/call", { name: "ask", ...extra }),
    ];
    const inputRequired = (id: number, extra: { [key: string]: Json }): Step => [
      "server",
      {
        jsonrpc: "2.0",
        id,
        result: {
          resultType: "input_required",
          inputRequests: { q: { method: "elicitation/create", params: {} } },
          ...extra,
        },
      },
    ];
    const answered = { inputResponses: { q: { action: "decline" } } };
    const m = "2026-07-28";
    expect(
      run(
        [call(1), inputRequired(1, { requestState: "s1" }), call(2, { ...answered, requestState: "s1" })],
        m,
      ),
    ).toEqual([]);
    expect(
      run([call(1), inputRequired(1, { requestState: "s1" }), call(1, { requestState: "s2" })], m),
    ).toEqual([
      'mrtr.client.echo-state: the retry of tools/call sends requestState "s2", not the "s1" it was given',
      "mrtr.client.fulfil-before-retry: the retry of tools/call answers no input for q",
      "mrtr.client.new-id: the retry of request 1 reuses its id",
    ]);
    expect(
      run([call(1), inputRequired(1, {}), call(2, { ...answered, requestState: "made-up" })], m),
    ).toEqual([
      "mrtr.client.no-invented-state: a retry of tools/call with a requestState the server never gave",
    ]);
    const other: Step = ["client", modern(3, "prompts/get", { name: "p", requestState: "s1" })];
    expect(run([call(1), inputRequired(1, { requestState: "s1" }), other], m)).toEqual([
      "mrtr.client.no-cross-use: prompts/get carries the requestState given to request 1 (tools/call), not its own",
    ]);
  });

  it("2026-07-28 tasks: tasks/update answers keys the task asked for, each once", () => {
    const polled: Step = [
      "server",
      {
        jsonrpc: "2.0",
        id: 5,
        result: {
          resultType: "complete",
          taskId: "t1",
          status: "input_required",
          inputRequests: { a: { method: "elicitation/create", params: {} } },
        },
      },
    ];
    const update = (id: number, key: string): Step => [
      "client",
      modern(id, "tasks/update", { taskId: "t1", inputResponses: { [key]: { action: "cancel" } } }),
    ];
    const m = "2026-07-28";
    expect(run([["client", modern(5, "tasks/get", { taskId: "t1" })], polled, update(6, "a")], m)).toEqual(
      [],
    );
    expect(
      run(
        [
          ["client", modern(5, "tasks/get", { taskId: "t1" })],
          polled,
          update(6, "a"),
          update(7, "a"),
          update(8, "b"),
        ],
        m,
      ),
    ).toEqual([
      "tasks-extension.client.answer-once: tasks/update answers input a of task t1 again",
      "tasks-extension.client.input-requests: tasks/update answers input b, which task t1 never asked for",
    ]);
  });

  it("a cursor goes back exactly as the server handed it out", () => {
    const page: Step = ["server", { jsonrpc: "2.0", id: 2, result: { tools: [], nextCursor: "abc" } }];
    const next = (id: number, cursor: string): Step => [
      "client",
      { jsonrpc: "2.0", id, method: "tools/list", params: { cursor } },
    ];
    expect(run([...opened, request(2, "tools/list"), page, next(3, "abc")])).toEqual([]);
    expect(run([...opened, request(2, "tools/list"), page, next(3, "abd")])).toEqual([
      'pagination.cursor-opaque: tools/list with cursor "abd", which the server never handed out',
    ]);
  });

  it("over stdio, nothing but JSON goes to the server's stdin", () => {
    const invariants = new Invariants(requirements);
    const observer = invariants.forRun({
      transcript: "c",
      revision: "2025-11-25",
      transport: "stdio",
      side: "client",
    });
    observer.received("hello", undefined);
    expect(invariants.violations().map((v) => `${v.requirement}: ${v.detail}`)).toEqual([
      "stdio.stdin-mcp-only: a line to the server's stdin that is not JSON",
    ]);
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

  it("a POST body is a JSON-RPC message (or, at 2025-03-26, a batch of them)", () => {
    expect(rules(good, open, "hello")).toEqual([
      "http.post.body-single: a POST body that is not a JSON-RPC message",
    ]);
    const old = { revision: "2025-03-26" as Revision, sessionId: "s-1", initialized: true };
    expect(rules(good, old, [list])).toEqual([]);
    expect(rules(good, old, [])).toEqual([
      "http.post.body-batch-allowed: a POST body holding a batch that is not all JSON-RPC messages",
    ]);
    expect(clientHttpRules({ method: "POST", headers: good, text: "{" }, open).map((b) => b.detail)).toEqual([
      "a POST body that is not JSON",
    ]);
  });

  it("a bearer token in the Authorization header on every request, never in the query", () => {
    const session = { ...open };
    const judge = (headers: Record<string, string>, url = "/mcp") =>
      clientHttpRules({ method: "POST", headers, body: list, url }, session).map(
        (b) => `${b.requirement}: ${b.detail}`,
      );
    expect(judge({ ...good, authorization: "Bearer abc.def-_~+/=" })).toEqual([]);
    expect(judge(good, "/mcp?access_token=abc")).toEqual([
      "auth.client.no-query-token: an access_token in the request URI",
      "auth.client.bearer-every-request: a POST without Authorization after earlier requests of the session carried one",
    ]);
    expect(judge({ ...good, authorization: "Token abc" })).toEqual([
      'auth.client.bearer-header: an Authorization header that is not "Bearer <token>": "Token" ...',
    ]);
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

describe("2026-07-28 x-mcp-header arguments mirrored into Mcp-Param-* headers", () => {
  const schema = {
    type: "object",
    properties: {
      region: { type: "string", "x-mcp-header": "Region" },
      limit: { type: "integer", "x-mcp-header": "Limit" },
      where: { type: "object", properties: { city: { type: "string", "x-mcp-header": "City" } } },
    },
  };
  const annotations = toolParamHeaders(schema) ?? [];
  const session = {
    revision: "2026-07-28" as Revision,
    initialized: false,
    toolHeaders: new Map([["sql", annotations]]),
  };
  const judge = (args: { [key: string]: Json }, params: Record<string, string>) =>
    clientHttpRules(
      {
        method: "POST",
        headers: {
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "tools/call",
          "mcp-name": "sql",
          ...params,
        },
        body: {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "sql", arguments: args, _meta: MODERN_META },
        },
      },
      session,
    ).map((b) => `${b.requirement}: ${b.detail}`);

  it("finds the annotations through properties, and refuses a tool with malformed ones", () => {
    expect(annotations).toEqual([
      { path: ["region"], name: "Region" },
      { path: ["limit"], name: "Limit" },
      { path: ["where", "city"], name: "City" },
    ]);
    expect(toolParamHeaders({ properties: { a: { "x-mcp-header": "A" }, b: { "x-mcp-header": "a" } } })).toBe(
      undefined,
    );
    expect(toolParamHeaders({ properties: { a: { "x-mcp-header": "bad name" } } })).toBe(undefined);
  });

  it("mirrors present arguments in their header form, omits absent ones, encodes unsafe values", () => {
    const city = `=?base64?${Buffer.from("Zürich").toString("base64")}?=`;
    expect(
      judge(
        { region: "us-west1", limit: 42, where: { city: "Zürich" } },
        { "mcp-param-region": "us-west1", "mcp-param-limit": "42", "mcp-param-city": city },
      ),
    ).toEqual([]);
    expect(judge({ region: "us", limit: null }, { "mcp-param-limit": "0" })).toEqual([
      "http2026.x-mcp-header.client-mirror: no Mcp-Param-Region header for argument region",
      "http2026.x-mcp-header.client-mirror: Mcp-Param-Limit sent for the absent or null argument limit",
    ]);
    expect(
      judge(
        { region: "eu", where: { city: "Zürich" } },
        { "mcp-param-region": "us", "mcp-param-city": "Zürich" },
      ),
    ).toEqual([
      'http2026.x-mcp-header.client-mirror: Mcp-Param-Region "us" for argument region = "eu"',
      'http2026.value-encoding.client: Mcp-Param-City "Zürich" sent plain, not in the =?base64?...?= form',
    ]);
  });
});

describe("polling a task", () => {
  const get = (taskId: string) => ({ jsonrpc: "2.0", id: 7, method: "tasks/get", params: { taskId } });
  it("no tasks/get before the poll interval of the last report has passed (by the runner's clock)", () => {
    const state = new RunState("2025-11-25", "stdio", {}, new RevisionKnowledge());
    const created = {
      jsonrpc: "2.0",
      id: 3,
      result: { task: { taskId: "t1", status: "working", pollInterval: 500 } },
    };
    rememberTaskPoll(created, state, 1000);
    expect(clientTaskPollRules(get("t1"), state, 1500)).toEqual([]);
    expect(clientTaskPollRules(get("t2"), state, 1001)).toEqual([]);
    // After acting on the task (here: fetching its outcome) the client may look at it at once.
    rememberTaskPoll(created, state, 2000);
    clientTaskPollRules(
      { jsonrpc: "2.0", id: 8, method: "tasks/result", params: { taskId: "t1" } },
      state,
      2001,
    );
    expect(clientTaskPollRules(get("t1"), state, 2002)).toEqual([]);
    rememberTaskPoll(created, state, 1000);
    expect(clientTaskPollRules(get("t1"), state, 1200).map((b) => `${b.requirement}: ${b.detail}`)).toEqual([
      "tasks.requestor.poll-interval: tasks/get for task t1 200 ms after a report asking for 500 ms between polls",
    ]);
  });

  it("2026-07-28 reads pollIntervalMs; only responses set the wait", () => {
    const state = new RunState("2026-07-28", "http", {}, new RevisionKnowledge());
    rememberTaskPoll(
      { jsonrpc: "2.0", id: 3, result: { taskId: "t1", status: "working", pollIntervalMs: 100 } },
      state,
      0,
    );
    expect(clientTaskPollRules(get("t1"), state, 50).map((b) => b.requirement)).toEqual([
      "tasks-extension.client.poll-interval",
    ]);
    // A status notification does not restart the wait; a response for a task not working lifts it.
    rememberTaskPoll(
      { jsonrpc: "2.0", method: "notifications/tasks", params: { taskId: "t1", pollIntervalMs: 100 } },
      state,
      150,
    );
    expect(clientTaskPollRules(get("t1"), state, 151)).toEqual([]);
    rememberTaskPoll(
      { jsonrpc: "2.0", id: 4, result: { taskId: "t1", status: "working", pollIntervalMs: 100 } },
      state,
      200,
    );
    rememberTaskPoll(
      { jsonrpc: "2.0", id: 5, result: { taskId: "t1", status: "input_required", pollIntervalMs: 100 } },
      state,
      210,
    );
    expect(clientTaskPollRules(get("t1"), state, 211)).toEqual([]);
  });
});

describe("a client over WebSocket", () => {
  it("offers the mcp subprotocol in its upgrade request", () => {
    const frame = { jsonrpc: "2.0", method: "notifications/initialized" };
    const judge = (protocols: string | undefined) => {
      const invariants = new Invariants(requirements);
      const observer = invariants.forRun({
        transcript: "c",
        revision: "2025-11-25",
        transport: "ws",
        side: "client",
      });
      const headers: Record<string, string> =
        protocols === undefined ? {} : { "sec-websocket-protocol": protocols };
      observer.received(JSON.stringify(frame), frame, undefined, headers);
      return invariants.violations().map((v) => `${v.requirement}: ${v.detail}`);
    };
    expect(judge("other, mcp")).toEqual([
      "lifecycle.init.first-request: the client's first message is notifications/initialized, not initialize",
    ]);
    expect(judge(undefined)).toEqual([
      "lifecycle.init.first-request: the client's first message is notifications/initialized, not initialize",
      "ws.subprotocol.offer: the WebSocket upgrade offers null, not the subprotocol mcp",
    ]);
  });
});

describe("a scenario run over Streamable HTTP", () => {
  it("judges each POST's head: Accept, and MCP-Protocol-Version once the session is open (not on a re-initialize)", () => {
    const invariants = new Invariants(requirements);
    const observer = invariants.forRun({
      transcript: "c",
      revision: "2025-11-25",
      transport: "http",
      side: "client",
    });
    const accept = { accept: "application/json, text/event-stream" };
    const post = (message: Json, headers: Record<string, string>) =>
      observer.received(JSON.stringify(message), message, undefined, headers);
    const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params };
    post(initialize, accept);
    observer.sent({
      jsonrpc: "2.0",
      id: 1,
      result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } },
    });
    post(
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { ...accept, "mcp-protocol-version": "2025-11-25" },
    );
    post({ ...initialize, id: 2 }, accept);
    observer.sent({
      jsonrpc: "2.0",
      id: 2,
      result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } },
    });
    post(
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { ...accept, "mcp-protocol-version": "2025-11-25" },
    );
    expect(invariants.violations()).toEqual([]);
    post({ jsonrpc: "2.0", id: 3, method: "tools/list" }, { accept: "application/json" });
    expect(invariants.violations().map((v) => `${v.requirement}: ${v.detail}`)).toEqual([
      'http.post.accept: a POST with Accept "application/json", not both application/json and text/event-stream',
      "http.version-header.client: a POST after initialization without MCP-Protocol-Version",
    ]);
  });
});
